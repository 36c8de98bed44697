import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  leadingZeroBits,
  nonceSearcher,
  solveChallenge,
  tokenOf,
} from '../../shared/proof-of-work.ts';
import { openDatabase, type Database } from '../db/open.ts';
import type { BotVerifier } from './bot-check.ts';
import { CHALLENGE_TTL_MS, proofOfWorkVerifier, type Challenge } from './proof-of-work.ts';

const BITS = 8;
const bitsOf = (token: string): number =>
  leadingZeroBits(createHash('sha256').update(token, 'utf8').digest());

/** A nonce whose token does NOT meet `bits`: what a script that skips the work sends. */
function lazyToken(challenge: string, bits: number): string {
  for (let nonce = 0; ; nonce += 1) {
    const token = tokenOf(challenge, nonce);
    if (bitsOf(token) < bits) return token;
  }
}

describe('proofOfWorkVerifier', () => {
  let db: Database;
  let clock: number;
  let bot: BotVerifier;
  const issue = (): Challenge =>
    bot.issue?.() ?? { challenge: '', difficulty: 0, expiresInSeconds: 0 };
  const used = () =>
    (db.prepare('SELECT COUNT(*) AS n FROM bot_check_tokens').get() as { n: number }).n;
  beforeEach(() => {
    db = openDatabase(':memory:');
    clock = Date.parse('2026-11-28T12:00:00Z');
    bot = proofOfWorkVerifier({ db, now: () => clock, difficulty: BITS });
  });

  it('hands out signed challenges that write nothing, and says its difficulty', () => {
    expect(bot.client).toEqual({ provider: 'proof-of-work', difficulty: BITS });
    const first = issue();
    expect(first.challenge).toMatch(/^pow1\.\d+\.8\.[\w-]{22}\.[\w-]{43}$/);
    expect(first).toMatchObject({ difficulty: BITS, expiresInSeconds: CHALLENGE_TTL_MS / 1000 });
    expect(issue().challenge).not.toBe(first.challenge);
    expect(used()).toBe(0);
  });

  it('passes a solved challenge once: a replayed solution fails', async () => {
    const token = await solveChallenge(issue().challenge, BITS);
    expect(await bot.verify(token, 'x')).toBe(true);
    expect(await bot.verify(token, 'x')).toBe(false);
    // Another nonce that also meets the difficulty is still the same, used, challenge.
    const { challenge } = issue();
    const searcher = nonceSearcher(challenge);
    const one = searcher.search(BITS, 0, 1 << 20) ?? 0;
    const two = searcher.search(BITS, one + 1, 1 << 20) ?? 0;
    expect(await bot.verify(tokenOf(challenge, one), 'x')).toBe(true);
    expect(await bot.verify(tokenOf(challenge, two), 'x')).toBe(false);
  });

  it('fails a nonce that does not meet the difficulty (no work done)', async () => {
    const { challenge } = issue();
    expect(await bot.verify(lazyToken(challenge, BITS), 'x')).toBe(false);
    // The challenge is not spent by the wrong guess: its real solution still passes.
    expect(await bot.verify(await solveChallenge(challenge, BITS), 'x')).toBe(true);
  });

  it('fails a challenge that expired, even solved', async () => {
    const token = await solveChallenge(issue().challenge, BITS);
    clock += CHALLENGE_TTL_MS;
    expect(await bot.verify(token, 'x')).toBe(false);
  });

  it('fails a challenge changed in any part, or signed by another process', async () => {
    const { challenge } = issue();
    const [version, expires, bits, id, mac] = challenge.split('.') as [string, ...string[]];
    const flip = (text = '') => (text.startsWith('A') ? `B${text.slice(1)}` : `A${text.slice(1)}`);
    const tampered = [
      // Easier work: 1 bit instead of 8, solved at 1 bit.
      [version, expires, '1', id, mac],
      // A longer life.
      [version, String(Number(expires) + 3_600_000), bits, id, mac],
      // Another id, to use one signature twice.
      [version, expires, bits, flip(id), mac],
      [version, expires, bits, id, flip(mac)],
    ].map((parts) => parts.join('.'));
    for (const forged of tampered) {
      const claimed = Number(forged.split('.')[2]);
      expect(await bot.verify(await solveChallenge(forged, claimed), 'x'), forged).toBe(false);
    }
    const elsewhere = proofOfWorkVerifier({ db, now: () => clock, difficulty: BITS });
    const foreign = await solveChallenge(elsewhere.issue?.().challenge ?? '', BITS);
    expect(await bot.verify(foreign, 'x')).toBe(false);
    expect(await elsewhere.verify(foreign, 'x')).toBe(true);
  });

  it('refuses what is not a token', async () => {
    for (const token of [
      undefined,
      42,
      '',
      'made-up-but-long-enough-token',
      `${issue().challenge}.`,
      `${issue().challenge}.12x`,
      `${issue().challenge}.12345678901234567`,
      `${issue().challenge}.1.2`,
    ]) {
      expect(await bot.verify(token, 'x'), String(token)).toBe(false);
    }
  });

  it('forgets used challenges once they expire, as it goes', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(await bot.verify(await solveChallenge(issue().challenge, BITS), 'x')).toBe(true);
    }
    expect(used()).toBe(3);
    clock += CHALLENGE_TTL_MS;
    expect(await bot.verify(await solveChallenge(issue().challenge, BITS), 'x')).toBe(true);
    expect(used()).toBe(1);
  });
});
