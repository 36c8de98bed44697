import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { CHAT_PROVIDER } from './store-config.testing.ts';

describe('parseEnv', () => {
  it('fills every default', () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 4321,
      API_PORT: 4322,
      API_URL: 'http://127.0.0.1:4322',
      DATA_DIR: './data',
      SITE_URL: 'http://localhost:4321',
      SEED_PRODUCTS: 2000,
    });
    expect(parseEnv({}).PRERENDER_WORKERS).toBeGreaterThanOrEqual(1);
  });

  it('has no merchandiser token of its own and listens on this machine only', () => {
    // issue 28: a documented default token let anyone who read it run the store's admin.
    expect(parseEnv({}).ADMIN_TOKEN).toBeUndefined();
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('coerces numbers from strings', () => {
    expect(
      parseEnv({ PORT: '8080', SEED_PRODUCTS: '100000', PRERENDER_WORKERS: '0' }),
    ).toMatchObject({
      PORT: 8080,
      SEED_PRODUCTS: 100000,
      PRERENDER_WORKERS: 0,
    });
  });

  it('names every bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', API_URL: 'not a url', ADMIN_TOKEN: 'short' })).toThrow(
      /Invalid environment: .*PORT.*API_URL.*ADMIN_TOKEN/,
    );
    expect(() => parseEnv({ API_PORT: '70000' })).toThrow(/API_PORT/);
    expect(() => parseEnv({ PRERENDER_WORKERS: 'two' })).toThrow(/PRERENDER_WORKERS/);
  });

  it('takes an smtp or smtps mail server URL and nothing else', () => {
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).SMTP_URL).toBe(
      'smtps://u:p@smtp.example.com:465',
    );
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(() => parseEnv({ SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ SMTP_URL: 'smtp.example.com:587' })).toThrow(/SMTP_URL/);
  });

  it('reads a support chat provider as JSON, and says so when it is not', () => {
    const chat = CHAT_PROVIDER;
    expect(parseEnv({ SUPPORT_CHAT: JSON.stringify(chat) }).SUPPORT_CHAT).toEqual(chat);
    expect(parseEnv({}).SUPPORT_CHAT).toBeUndefined();
    expect(parseEnv({ SUPPORT_CHAT: ' ' }).SUPPORT_CHAT).toBeUndefined();
    expect(() => parseEnv({ SUPPORT_CHAT: '{scriptUrl:' })).toThrow(
      /SUPPORT_CHAT: must be JSON, the fields of theme.chat/,
    );
    expect(() => parseEnv({ SUPPORT_CHAT: JSON.stringify({ ...chat, label: 3 }) })).toThrow(
      /SUPPORT_CHAT/,
    );
    // Not a placeholder: what the environment names is a provider the store chose.
    expect(() =>
      parseEnv({ SUPPORT_CHAT: JSON.stringify({ ...chat, placeholder: true }) }),
    ).toThrow(/SUPPORT_CHAT/);
  });

  it('has the proof-of-work bot check at the production minimum unless told otherwise', () => {
    expect(parseEnv({})).toMatchObject({ BOT_CHECK: 'proof-of-work', BOT_CHECK_DIFFICULTY: 20 });
    expect(parseEnv({ BOT_CHECK_DIFFICULTY: '8' }).BOT_CHECK_DIFFICULTY).toBe(8);
    // The free local token is gone, said so rather than run.
    expect(() => parseEnv({ BOT_CHECK: 'local' })).toThrow(
      /BOT_CHECK: use proof-of-work or recaptcha \(local, a free token, is gone\)/,
    );
    for (const bits of ['0', '29', 'many', '8.5']) {
      expect(() => parseEnv({ BOT_CHECK_DIFFICULTY: bits }), bits).toThrow(/BOT_CHECK_DIFFICULTY/);
    }
  });
});
