import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The file in a data folder that holds the merchandiser token when ADMIN_TOKEN is not set.
 * Made by the first process that needs it (`npm start`, `npm run api`), readable by its owner
 * only, and read by every later one (the publisher, `npm run publish`, the build).
 */
export const TOKEN_FILE = 'merchandiser-token';

/** Where a merchandiser token came from: the environment, or the data folder's file. */
export interface MerchandiserToken {
  token: string;
  /** The token file, when the token is the data folder's. */
  file?: string;
  /** True when this call made the file. */
  created: boolean;
}

/** 32 random bytes as base64url: what production asks of a secret (server/config/production.ts). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/**
 * The merchandiser token: ADMIN_TOKEN when set, else the data folder's own, made on first use
 * (issue 28: no token is a constant in code or docs, so a store
 * started with the defaults cannot be run by anyone who read them). Two processes starting at
 * once agree: the file is created exclusively, and the loser reads the winner's.
 * @example const { token, file } = merchandiserToken(env.DATA_DIR, env.ADMIN_TOKEN)
 */
export function merchandiserToken(
  dataDir: string,
  configured: string | undefined,
): MerchandiserToken {
  if (configured) return { token: configured, created: false };
  const file = join(dataDir, TOKEN_FILE);
  const existing = readToken(file);
  if (existing) return { token: existing, file, created: false };
  mkdirSync(dataDir, { recursive: true });
  // Written whole under a name of its own, then linked in place: link fails when another
  // process made the file first, and a reader never sees it half written.
  const token = newSecret();
  const draft = `${file}.${String(process.pid)}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${token}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = readToken(file);
    if (raced) return { token: raced, file, created: false };
    throw new Error(`${file} is empty: delete it to make a new merchandiser token.`, {
      cause: error,
    });
  } finally {
    rmSync(draft, { force: true });
  }
  return { token, file, created: true };
}

/**
 * The token a reader of the API uses (the build): ADMIN_TOKEN, else the data folder's, never
 * a new one (the API that makes it is the one the build reads). Empty when there is none, so
 * the build's first call is refused with the API's own words.
 * @example productsLoader({ apiUrl, token: buildToken(env.DATA_DIR, env.ADMIN_TOKEN) })
 */
export function buildToken(dataDir: string, configured: string | undefined): string {
  return configured ?? readToken(join(dataDir, TOKEN_FILE)) ?? '';
}

/** The token in a token file, or undefined when there is no file or it is empty. */
export function readToken(file: string): string | undefined {
  try {
    const token = readFileSync(file, 'utf8').trim();
    return token === '' ? undefined : token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
