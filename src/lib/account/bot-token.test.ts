import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOT_CHECK_NOT_LOADED, botCheckToken } from './bot-token.ts';

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

  it('takes the API token with the local provider', async () => {
    const replies = ['{"provider":"local"}', '{"token":"t-1"}'];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(replies.shift() ?? '{}'))),
    );
    await expect(botCheckToken('recovery_email')).resolves.toBe('t-1');
  });
});
