import { accountCall } from './api.ts';

interface Grecaptcha {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
}

/**
 * spec storefront 5: "when the verification script is absent the error is 'reCAPTCHA is not
 * loaded. Make sure JavaScript is enabled in your browser.'".
 */
export const BOT_CHECK_NOT_LOADED =
  'reCAPTCHA is not loaded. Make sure JavaScript is enabled in your browser.';

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  const existing = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (loaded) loaded.ready(() => resolve(loaded));
      else reject(new Error(BOT_CHECK_NOT_LOADED));
    };
    script.onerror = () => reject(new Error(BOT_CHECK_NOT_LOADED));
    document.head.append(script);
  });
}

/**
 * A token from the bot-check challenge the API asks for (spec 7: the recovery-email calls
 * carry one; sign-in after repeated failures too): with the proof of work, the API's
 * challenge solved here (a second or so of this tab's CPU, in slices, so the page keeps
 * answering); with reCAPTCHA, a v3 token. One token per call: each passes once.
 */
export async function botCheckToken(action: string): Promise<string> {
  const client = await accountCall<{ provider: string; siteKey?: string }>('GET', '/api/botCheck');
  if (client.provider === 'recaptcha' && client.siteKey) {
    const grecaptcha = await loadRecaptcha(client.siteKey);
    return grecaptcha.execute(client.siteKey, { action });
  }
  const asked = await accountCall<{
    challenge: string;
    difficulty: number;
    expiresInSeconds: number;
  }>('GET', '/api/botCheck/challenge');
  // Relative, as the page's clock may be wrong; 10 s short of the expiry, to send the token.
  const deadline = performance.now() + (asked.expiresInSeconds - 10) * 1000;
  // Loaded when a check is asked for (about 1,100 bytes gzipped), not with every account page.
  const { solveChallenge } = await import('../../../shared/proof-of-work.ts');
  return solveChallenge(asked.challenge, asked.difficulty, { deadline });
}
