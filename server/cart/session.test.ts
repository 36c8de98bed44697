import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { cartScope } from './owner.ts';
import { forwarded } from '../http/forwarded.ts';
import {
  checkoutExists,
  currentCheckoutId,
  insertCheckout,
  isCheckoutId,
  newCheckoutId,
  publicOrigin,
  rememberCheckout,
} from './session.ts';

describe('checkout ids', () => {
  it('are 32 URL-safe random characters, all different', () => {
    const ids = new Set(Array.from({ length: 200 }, newCheckoutId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(isCheckoutId(id)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'short',
    'a'.repeat(65),
    'has space in it 0123456789',
    "x' OR 1=1 --abcdefghij",
  ])('refuses %j', (value) => {
    expect(isCheckoutId(value)).toBe(false);
  });
});

describe('finding the caller’s checkout', () => {
  const probe = (db: ReturnType<typeof openDatabase>, create = false) => {
    const app = new Hono();
    app.get('/', (c) => {
      if (create) rememberCheckout(c, insertCheckout(db));
      return c.json({ id: currentCheckoutId(c, db) ?? null, scope: cartScope(db)(c) });
    });
    return (cookie?: string) =>
      app.request('http://localhost/', { headers: cookie === undefined ? {} : { cookie } });
  };

  it('uses the cookie only when it names an existing checkout', async () => {
    const db = openDatabase(':memory:');
    const id = insertCheckout(db);
    expect(checkoutExists(db, id)).toBe(true);
    const get = probe(db);
    expect(await (await get(`checkout_id=${id}`)).json()).toEqual({ id, scope: id });
    // Without a checkout, the scope is the caller's cart owner (owner.ts).
    const owned = { id: null, scope: expect.stringMatching(/^owner:/) as unknown };
    expect(await (await get(`checkout_id=${newCheckoutId()}`)).json()).toEqual(owned);
    expect(await (await get()).json()).toEqual(owned);
  });

  it('sees a checkout created earlier in the same request', async () => {
    const db = openDatabase(':memory:');
    const body = (await (await probe(db, true)()).json()) as { id: string; scope: string };
    expect(isCheckoutId(body.id)).toBe(true);
    expect(body.scope).toBe(body.id);
  });
});

describe('publicOrigin', () => {
  const SECRET = 'proxy-secret-for-tests-0123456789abcdef';
  const origin = async (url: string, headers: Record<string, string> = {}) => {
    const app = new Hono();
    app.use('*', forwarded({ proxySecret: SECRET }));
    app.get('*', (c) => c.text(publicOrigin(c)));
    return (await app.request(url, { headers })).text();
  };
  const shop = { 'x-forwarded-host': 'shop.example.com', 'x-forwarded-proto': 'https' };

  it("is the request's origin", async () => {
    expect(await origin('http://localhost:4322/x')).toBe('http://localhost:4322');
  });

  it("follows the web server's headers when they are well formed and vouched for", async () => {
    expect(await origin('http://127.0.0.1:4322/x', { ...shop, 'x-proxy-secret': SECRET })).toBe(
      'https://shop.example.com',
    );
    expect(
      await origin('http://127.0.0.1:4322/x', {
        'x-forwarded-host': 'evil.com/<script>',
        'x-proxy-secret': SECRET,
      }),
    ).toBe('http://127.0.0.1:4322');
  });

  it('ignores the same headers from anyone else', async () => {
    expect(await origin('http://127.0.0.1:4322/x', shop)).toBe('http://127.0.0.1:4322');
  });
});
