import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with node's scrypt (a memory-hard KDF from the standard library, so no
 * native add-on to build): a random 16-byte salt per password, a 64-byte key, and the
 * parameters stored beside the hash so they can be raised later without breaking old ones.
 * Stored form: `scrypt$N$r$p$salt(base64url)$key(base64url)`.
 */
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_BYTES = 64;
const SALT_BYTES = 16;

/** Shortest and longest password accepted (NIST 800-63B: at least 8, allow long ones). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** The stored form: `scrypt$N$r$p$salt$key`, which verifyPassword reads back. */
function stored(salt: Buffer, key: Buffer): string {
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/**
 * Hashes a password for storage.
 * @example const stored = await hashPassword('correct horse battery');
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS);
  return stored(salt, key);
}

/** A hash to compare against when the account does not exist, so timing reveals nothing. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}

/**
 * True when `password` matches `stored`; the comparison is constant-time. A malformed
 * stored value never matches (it does not throw).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 1 << 20) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length !== KEY_BYTES) return false;
  const key = await derive(password, salt, { N, r, p });
  return timingSafeEqual(key, expected);
}

/**
 * Hashes with a given salt, synchronously: only for the demo seed, which must give the same
 * rows on every run and whose password is published anyway. Accounts use hashPassword.
 */
export function hashPasswordWithSalt(password: string, salt: Buffer): string {
  const key = scryptSync(password.normalize('NFKC'), salt, KEY_BYTES, {
    ...PARAMS,
    maxmem: 64 * 1024 * 1024,
  });
  return stored(salt, key);
}
