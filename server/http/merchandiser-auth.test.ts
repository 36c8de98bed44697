import { describe, expect, it } from 'vitest';
import { connectedFrom } from '../testing/accounts.ts';
import { TEST_ADMIN_TOKEN, testApp } from '../testing/app.ts';
import { WRONG_TOKEN_LIMIT } from './merchandiser-auth.ts';

const PROXY_SECRET = 'proxy-secret-for-the-tests-0123456789abcdef';

/** An app on a clock the test moves, and a GET of a merchandiser path from one address. */
function app(options: { adminPublic?: boolean } = {}) {
  let now = Date.parse('2026-11-27T12:00:00Z');
  const { app } = testApp({ now: () => now, proxySecret: PROXY_SECRET, ...options });
  const get = (path: string, token: string | undefined, from = '203.0.113.5', headers = {}) =>
    app.request(
      `http://localhost${path}`,
      { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } },
      connectedFrom(from),
    );
  return { get, wait: (ms: number) => (now += ms) };
}

describe('wrong merchandiser tokens', () => {
  it(`are refused with 429 after ${String(WRONG_TOKEN_LIMIT.max)} from one address, right token or not`, async () => {
    const { get, wait } = app();
    for (let i = 0; i < WRONG_TOKEN_LIMIT.max; i++) {
      expect((await get('/api/admin/products/1', `guess-${String(i)}-abcdefgh`)).status).toBe(401);
    }
    const stopped = await get('/api/admin/products/1', 'one-more-guess-abcdefgh');
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right token too: a guesser who stays on cannot tell a hit from a miss.
    expect((await get('/api/admin/outbox', TEST_ADMIN_TOKEN)).status).toBe(429);
    // Another address is not held up, and the window passes.
    expect((await get('/api/admin/outbox', TEST_ADMIN_TOKEN, '198.51.100.7')).status).toBe(200);
    wait(WRONG_TOKEN_LIMIT.windowMs);
    expect((await get('/api/admin/outbox', TEST_ADMIN_TOKEN)).status).toBe(200);
  });

  it('add up over every route that takes the token', async () => {
    const { get } = app();
    const paths = [
      '/api/admin/products/1',
      '/api/changes',
      '/api/products/bulk',
      '/api/admin/outbox',
    ];
    for (let i = 0; i < WRONG_TOKEN_LIMIT.max; i++) {
      await get(paths[i % paths.length] ?? '', `guess-${String(i)}-abcdefgh`);
    }
    for (const path of paths) expect((await get(path, 'another-guess-abcdefgh')).status).toBe(429);
  });

  it('do not count a request without the header, or the right token', async () => {
    const { get } = app();
    for (let i = 0; i < 3 * WRONG_TOKEN_LIMIT.max; i++) {
      expect((await get('/api/admin/products/1', undefined)).status).toBe(401);
      expect((await get('/api/admin/outbox', TEST_ADMIN_TOKEN)).status).toBe(200);
    }
  });
});

describe('the merchandiser API behind the public web server', () => {
  const forwarded = { 'x-proxy-secret': PROXY_SECRET, 'x-forwarded-for': '203.0.113.9' };

  it('is not there for a request the web server forwarded, even with the token', async () => {
    const { get } = app();
    for (const path of [
      '/api/admin/outbox',
      '/api/admin',
      '/api/admin/products/1',
      '/api/%61dmin/outbox',
    ]) {
      const reply = await get(path, TEST_ADMIN_TOKEN, '127.0.0.1', forwarded);
      expect(reply.status, path).toBe(404);
      expect(await reply.json()).toEqual({ error: 'Not found.' });
    }
    // The build's reads are not the merchandiser API, and callers on the API's port keep it.
    expect((await get('/api/changes', TEST_ADMIN_TOKEN, '127.0.0.1', forwarded)).status).toBe(200);
    expect((await get('/api/admin/outbox', TEST_ADMIN_TOKEN, '127.0.0.1')).status).toBe(200);
  });

  it('is there when ADMIN_API_PUBLIC says so, still behind the token', async () => {
    const { get } = app({ adminPublic: true });
    expect((await get('/api/admin/outbox', TEST_ADMIN_TOKEN, '127.0.0.1', forwarded)).status).toBe(
      200,
    );
    expect(
      (await get('/api/admin/outbox', 'wrong-token-abcdefgh', '127.0.0.1', forwarded)).status,
    ).toBe(401);
  });

  it('cannot be reached by forging the mark: without the secret a request is a direct one', async () => {
    const { get } = app();
    const forged = { 'x-proxy-secret': 'guessed-secret', 'x-forwarded-for': '10.0.0.1' };
    // Only the token matters on the API's own port, as before.
    expect(
      (await get('/api/admin/outbox', 'wrong-token-abcdefgh', '203.0.113.5', forged)).status,
    ).toBe(401);
  });
});
