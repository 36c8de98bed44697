import { describe, expect, it } from 'vitest';
import { recaptchaVerifier, RECAPTCHA_VERIFY_URL } from './bot-check.ts';

describe('recaptchaVerifier', () => {
  const reply = (body: unknown, status = 200) =>
    (() =>
      Promise.resolve(new Response(JSON.stringify(body), { status }))) as unknown as typeof fetch;

  it('posts the secret and token to Google and reads success and score', async () => {
    const seen: { url: string; body: string }[] = [];
    const fake = ((url: string, init: RequestInit) => {
      seen.push({ url, body: (init.body as URLSearchParams).toString() });
      return Promise.resolve(new Response(JSON.stringify({ success: true, score: 0.9 })));
    }) as unknown as typeof fetch;
    const bot = recaptchaVerifier({ secret: 's3cret', siteKey: 'site', fetch: fake });
    expect(bot.client).toEqual({ provider: 'recaptcha', siteKey: 'site' });
    expect(await bot.verify('tok', '1.2.3.4')).toBe(true);
    expect(seen[0]?.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(seen[0]?.body).toBe('secret=s3cret&response=tok&remoteip=1.2.3.4');
  });

  const broken = (() => Promise.reject(new Error('offline'))) as unknown as typeof fetch;

  it.each([
    ['a low score', reply({ success: true, score: 0.1 }), 't'],
    ['a refusal', reply({ success: false }), 't'],
    ['an HTTP error', reply({}, 500), 't'],
    ['a network error', broken, 't'],
    ['no token', reply({ success: true }), ''],
  ])('fails on %s', async (_case, fetch, token) => {
    const quiet = console.error;
    console.error = () => undefined; // the network error is logged
    try {
      expect(await recaptchaVerifier({ secret: 's', siteKey: 'k', fetch }).verify(token, 'x')).toBe(
        false,
      );
    } finally {
      console.error = quiet;
    }
  });
});
