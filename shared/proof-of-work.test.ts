import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BOT_CHECK_TOO_SLOW,
  leadingZeroBits,
  nonceSearcher,
  solveChallenge,
  tokenOf,
} from './proof-of-work.ts';

const sha256 = (text: string): Uint8Array => createHash('sha256').update(text, 'utf8').digest();

describe('leadingZeroBits', () => {
  it('counts the zero bits before the first one', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0, 0x1f, 0xff]))).toBe(11);
    expect(leadingZeroBits(new Uint8Array([0, 0, 0]))).toBe(24);
  });
});

describe('nonceSearcher', () => {
  it('hashes every token as node:crypto does, whatever the lengths', () => {
    // Challenges of 0 to 130 characters put the nonce at every offset of the last block, and
    // the long nonces push the length into a second block.
    for (let length = 0; length <= 130; length += 1) {
      const challenge = 'pow1.é'.repeat(30).slice(0, length);
      const searcher = nonceSearcher(challenge);
      for (const nonce of [0, 9, 10, 123_456, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER]) {
        expect(Buffer.from(searcher.digest(nonce)).toString('hex'), `${length}/${nonce}`).toBe(
          Buffer.from(sha256(tokenOf(challenge, nonce))).toString('hex'),
        );
      }
    }
  });

  it('finds the first nonce that meets the difficulty, and only such a nonce', () => {
    const challenge = 'pow1.1767225600000.8.AAAAAAAAAAAAAAAAAAAAAA.sig';
    const searcher = nonceSearcher(challenge);
    const bits = (nonce: number) => leadingZeroBits(sha256(tokenOf(challenge, nonce)));
    const found = searcher.search(8, 0, 1 << 16) ?? -1;
    expect(bits(found)).toBeGreaterThanOrEqual(8);
    for (let nonce = 0; nonce < found; nonce += 1) expect(bits(nonce)).toBeLessThan(8);
    expect(searcher.search(8, 0, found)).toBeUndefined();
    expect(searcher.search(12, found, 1 << 20)).toSatisfy((n: number) => bits(n) >= 12);
  });
});

describe('solveChallenge', () => {
  it('hashes in slices with the page given its turn between them', async () => {
    let clock = 0;
    let pauses = 0;
    // Every clock read moves 1 ms: a 3 ms slice is a few hundred hashes.
    const token = await solveChallenge('pow1.slices', 14, {
      now: () => (clock += 1),
      pause: () => {
        pauses += 1;
        return Promise.resolve();
      },
      sliceMs: 3,
    });
    expect(token).toMatch(/^pow1\.slices\.\d+$/);
    expect(leadingZeroBits(sha256(token))).toBeGreaterThanOrEqual(14);
    expect(pauses).toBeGreaterThan(0);
  });

  it('gives up at the deadline rather than send a token the API would refuse', async () => {
    let clock = 0;
    const solving = solveChallenge('pow1.late', 28, {
      now: () => (clock += 5),
      pause: () => Promise.resolve(),
      deadline: 100,
    });
    await expect(solving).rejects.toThrow(BOT_CHECK_TOO_SLOW);
  });
});
