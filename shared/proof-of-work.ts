/**
 * The proof-of-work bot check's shared rule: server/accounts/proof-of-work.ts issues and
 * verifies challenges, the browser solves them here. A token is `<challenge>.<nonce>`: the
 * challenge as the API handed it out, a dot, and a decimal nonce. It passes when SHA-256 of
 * the token's UTF-8 bytes starts with at least `difficulty` zero bits, so a client finds one
 * by trying 2^difficulty nonces on average.
 *
 * The browser hashes in plain JavaScript, not with crypto.subtle.digest: in Chromium one
 * promise per hash did about 20 times fewer hashes per CPU-second than this loop, which hashes
 * only the token's last block per nonce (the challenge's first 64 bytes are hashed once); and
 * crypto.subtle exists only on https and localhost pages. docs/decisions.md has the numbers.
 */

/** The fewest bits production accepts (server/config/production.ts), and the default. */
export const PRODUCTION_MIN_DIFFICULTY = 20;

/** The most bits the API may ask for: 2^28 hashes is many minutes of a phone's time. */
export const MAX_DIFFICULTY = 28;

/** The token a nonce makes of a challenge. */
export const tokenOf = (challenge: string, nonce: number): string => `${challenge}.${nonce}`;

/**
 * Leading zero bits of a digest, read as SHA-256 prints it (big-endian).
 * @example leadingZeroBits(new Uint8Array([0, 0x1f, 0xff])) // 11
 */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

/**
 * SHA-256's constants (FIPS 180-4, 4.2.2 and 5.3.3): the first 32 bits of the fractional parts
 * of the cube roots of the first 64 primes, and of the square roots of the first 8. Computed
 * rather than listed, to keep the page's JavaScript small; a double carries enough bits for
 * both (the unit test compares digests with node:crypto's).
 */
const PRIMES = Array.from({ length: 312 }, (_, n) => n).filter(
  (n) => n > 1 && Array.from({ length: n - 2 }, (_, i) => i + 2).every((d) => n % d !== 0),
);
const fraction = (x: number): number => (x - Math.floor(x)) * 2 ** 32;
const K = Uint32Array.from(PRIMES.slice(0, 64), (p) => fraction(Math.cbrt(p)));
const INITIAL = Uint32Array.from(PRIMES.slice(0, 8), (p) => fraction(Math.sqrt(p)));

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** One SHA-256 compression of the 64 bytes at `block[offset]` into `state`; `w` is scratch. */
function compress(state: Uint32Array, block: Uint8Array, offset: number, w: Uint32Array): void {
  // The `?? 0` below only satisfy the type checker: every index is in range.
  for (let i = 0; i < 16; i += 1) {
    const at = offset + i * 4;
    w[i] =
      ((block[at] ?? 0) << 24) |
      ((block[at + 1] ?? 0) << 16) |
      ((block[at + 2] ?? 0) << 8) |
      (block[at + 3] ?? 0);
  }
  for (let i = 16; i < 64; i += 1) {
    const x = w[i - 15] ?? 0;
    const y = w[i - 2] ?? 0;
    const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
    const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
    w[i] = (w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1;
  }
  let a = state[0] ?? 0;
  let b = state[1] ?? 0;
  let c = state[2] ?? 0;
  let d = state[3] ?? 0;
  let e = state[4] ?? 0;
  let f = state[5] ?? 0;
  let g = state[6] ?? 0;
  let h = state[7] ?? 0;
  for (let i = 0; i < 64; i += 1) {
    const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (w[i] ?? 0)) | 0;
    const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  // A Uint32Array stores each sum modulo 2^32.
  state[0] = (state[0] ?? 0) + a;
  state[1] = (state[1] ?? 0) + b;
  state[2] = (state[2] ?? 0) + c;
  state[3] = (state[3] ?? 0) + d;
  state[4] = (state[4] ?? 0) + e;
  state[5] = (state[5] ?? 0) + f;
  state[6] = (state[6] ?? 0) + g;
  state[7] = (state[7] ?? 0) + h;
}

/** The nonces of one challenge, each hashed at the cost of its token's last block or two. */
export interface NonceSearcher {
  /** SHA-256 of the token of `nonce`, 32 bytes. */
  digest: (nonce: number) => Uint8Array;
  /** The first nonce in [from, from + count) whose token meets `difficulty`, if any. */
  search: (difficulty: number, from: number, count: number) => number | undefined;
}

/** A {@link NonceSearcher} for `challenge`: its whole 64-byte blocks are hashed once, here. */
export function nonceSearcher(challenge: string): NonceSearcher {
  const prefix = new TextEncoder().encode(`${challenge}.`);
  const whole = prefix.length - (prefix.length % 64);
  const w = new Uint32Array(64);
  const midstate = INITIAL.slice();
  for (let offset = 0; offset < whole; offset += 64) compress(midstate, prefix, offset, w);
  const rest = prefix.subarray(whole);
  // What follows the whole blocks: the prefix's rest, the nonce's digits (16 at most, under
  // 2^53), 0x80 and the message's length in bits as 8 bytes; two blocks at most.
  const tail = new Uint8Array(128);
  const state = new Uint32Array(8);
  const hash = (nonce: number): void => {
    const digits = String(nonce);
    tail.fill(0);
    tail.set(rest);
    let at = rest.length;
    for (let i = 0; i < digits.length; i += 1) tail[at++] = digits.charCodeAt(i);
    tail[at++] = 0x80;
    const end = at + 8 <= 64 ? 64 : 128;
    new DataView(tail.buffer).setUint32(end - 4, (prefix.length + digits.length) * 8);
    state.set(midstate);
    for (let offset = 0; offset < end; offset += 64) compress(state, tail, offset, w);
  };
  return {
    digest: (nonce) => {
      hash(nonce);
      const bytes = new Uint8Array(32);
      const view = new DataView(bytes.buffer);
      state.forEach((word, i) => view.setUint32(i * 4, word));
      return bytes;
    },
    search: (difficulty, from, count) => {
      // The state's first word holds the digest's first 32 bits (difficulty <= 28).
      const mask = difficulty === 0 ? 0 : ~0 << (32 - difficulty);
      for (let nonce = from; nonce < from + count; nonce += 1) {
        hash(nonce);
        if (((state[0] ?? 0) & mask) === 0) return nonce;
      }
      return undefined;
    },
  };
}

/** What {@link solveChallenge} needs from the page; tests pass fakes. */
export interface SolveOptions {
  /** Milliseconds; the clock that decides how long one slice of work runs. */
  now?: () => number;
  /** Gives the page its turn between slices (input, painting). */
  pause?: () => Promise<void>;
  /** The longest slice of hashing between two pauses, in milliseconds. */
  sliceMs?: number;
  /** When to give up, as `now()` reads (the challenge's expiry); unset, never. */
  deadline?: number;
}

/** A turn for the page without setTimeout's 4 ms clamp on nested timers. */
function pauseForPage(): Promise<void> {
  if (typeof MessageChannel === 'undefined') {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Thrown when a challenge expires before its nonce is found; the caller asks for another. */
export const BOT_CHECK_TOO_SLOW = 'The bot check took too long. Please try again.';

/**
 * Finds a nonce for `challenge` and returns its token, hashing in slices of `sliceMs` (12 ms)
 * with a pause between them, so the page keeps answering while a token costs its CPU.
 * @example const token = await solveChallenge(reply.challenge, reply.difficulty);
 */
export async function solveChallenge(
  challenge: string,
  difficulty: number,
  {
    now = () => performance.now(),
    pause = pauseForPage,
    sliceMs = 12,
    deadline = Infinity,
  }: SolveOptions = {},
): Promise<string> {
  const searcher = nonceSearcher(challenge);
  // Hashes per clock check: small enough that a slice overruns sliceMs by little on a slow phone.
  const step = 512;
  let nonce = 0;
  for (;;) {
    const sliceEnd = now() + sliceMs;
    do {
      const found = searcher.search(difficulty, nonce, step);
      if (found !== undefined) return tokenOf(challenge, found);
      nonce += step;
    } while (now() < sliceEnd);
    if (now() >= deadline) throw new Error(BOT_CHECK_TOO_SLOW);
    await pause();
  }
}
