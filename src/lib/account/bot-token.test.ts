import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOT_CHECK_NOT_LOADED, botCheckToken } from './bot-token.ts';
import { leadingZeroBits } from '../../../shared/proof-of-work.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page whose reCAPTCHA script fails to load (blocked, offline, or JavaScript limited). */
function pageWhereScriptsFail() {
  const appended: { src: string }[] = [];
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {
    createElement: () => ({ src: '', async: false }),
    head: {
      append: (script: { src: string; onerror?: () => void; onload?: () => void }) => {
        appended.push(script);
        script.onerror?.();
      },
    },
  });
  return appended;
}

describe('botCheckToken', () => {
  it("says the spec's words when reCAPTCHA cannot load", async () => {
    const appended = pageWhereScriptsFail();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"provider":"recaptcha","siteKey":"site-key"}'))),
    );
    await expect(botCheckToken('recovery_email')).rejects.toThrow(BOT_CHECK_NOT_LOADED);
    expect(appended[0]?.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key');
  });

  it("solves the API's challenge with the proof of work, asking for a fresh one each time", async () => {
    const asked: string[] = [];
    let issued = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(new URL(url, 'http://localhost').pathname);
        const body = url.endsWith('/challenge')
          ? { challenge: `pow1.c${String((issued += 1))}`, difficulty: 6, expiresInSeconds: 300 }
          : { provider: 'proof-of-work', difficulty: 6 };
        return Promise.resolve(new Response(JSON.stringify(body)));
      }),
    );
    const first = await botCheckToken('login');
    const second = await botCheckToken('login');
    expect(first).toMatch(/^pow1\.c1\.\d+$/);
    expect(second).toMatch(/^pow1\.c2\.\d+$/);
    for (const token of [first, second]) {
      expect(leadingZeroBits(createHash('sha256').update(token).digest())).toBeGreaterThanOrEqual(
        6,
      );
    }
    expect(asked).toEqual([
      '/api/botCheck',
      '/api/botCheck/challenge',
      '/api/botCheck',
      '/api/botCheck/challenge',
    ]);
  });
});
