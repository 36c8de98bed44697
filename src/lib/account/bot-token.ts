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
 * carry one): the API's own single-use token with the local provider, a reCAPTCHA v3 token
 * in production. One token per call.
 */
export async function botCheckToken(action: string): Promise<string> {
  const client = await accountCall<{ provider: string; siteKey?: string }>('GET', '/api/botCheck');
  if (client.provider === 'recaptcha' && client.siteKey) {
    const grecaptcha = await loadRecaptcha(client.siteKey);
    return grecaptcha.execute(client.siteKey, { action });
  }
  const { token } = await accountCall<{ token: string }>('GET', '/api/botCheck/token');
  return token;
}
