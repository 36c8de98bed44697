import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildToken, merchandiserToken, readToken, TOKEN_FILE } from './merchandiser-token.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'token-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('merchandiserToken', () => {
  it('takes ADMIN_TOKEN when it is set, and writes no file', () => {
    expect(merchandiserToken(dir, 'from-the-environment')).toEqual({
      token: 'from-the-environment',
      created: false,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('makes a random token per data folder, readable by its owner only, and keeps it', () => {
    const first = merchandiserToken(join(dir, 'data'), undefined);
    expect(first.created).toBe(true);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.file).toBe(join(dir, 'data', TOKEN_FILE));
    expect(statSync(first.file ?? '').mode & 0o777).toBe(0o600);
    expect(merchandiserToken(join(dir, 'data'), undefined)).toEqual({ ...first, created: false });
    expect(merchandiserToken(join(dir, 'other'), undefined).token).not.toBe(first.token);
    // No draft is left beside it.
    expect(readdirSync(join(dir, 'data'))).toEqual([TOKEN_FILE]);
  });

  it('reads a token someone wrote by hand, without its newline', () => {
    writeFileSync(join(dir, TOKEN_FILE), 'written-by-the-operator-0123456789\n');
    expect(merchandiserToken(dir, undefined).token).toBe('written-by-the-operator-0123456789');
  });

  it('refuses an empty token file rather than guessing', () => {
    writeFileSync(join(dir, TOKEN_FILE), '\n');
    expect(readToken(join(dir, TOKEN_FILE))).toBeUndefined();
    expect(() => merchandiserToken(dir, undefined)).toThrow(/is empty: delete it/);
  });
});

describe('buildToken', () => {
  it('reads the data folder the API made its token in, and makes none', () => {
    expect(buildToken(dir, 'from-the-environment')).toBe('from-the-environment');
    expect(buildToken(dir, undefined)).toBe('');
    expect(readdirSync(dir)).toEqual([]);
    const { token } = merchandiserToken(dir, undefined);
    expect(buildToken(dir, undefined)).toBe(token);
  });
});
