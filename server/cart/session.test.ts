import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import {
  cartScope,
  checkoutExists,
  currentCheckoutId,
  insertCheckout,
  isCheckoutId,
  newCheckoutId,
  NO_CHECKOUT_SCOPE,
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
    expect(await (await get(`checkout_id=${newCheckoutId()}`)).json()).toEqual({
      id: null,
      scope: NO_CHECKOUT_SCOPE,
    });
    expect(await (await get()).json()).toEqual({ id: null, scope: NO_CHECKOUT_SCOPE });
  });

  it('sees a checkout created earlier in the same request', async () => {
    const db = openDatabase(':memory:');
    const body = (await (await probe(db, true)()).json()) as { id: string; scope: string };
    expect(isCheckoutId(body.id)).toBe(true);
    expect(body.scope).toBe(body.id);
  });
});

describe('publicOrigin', () => {
  const origin = async (url: string, headers: Record<string, string> = {}) => {
    const app = new Hono();
    app.get('*', (c) => c.text(publicOrigin(c)));
    return (await app.request(url, { headers })).text();
  };

  it("is the request's origin", async () => {
    expect(await origin('http://localhost:4322/x')).toBe('http://localhost:4322');
  });

  it('follows the proxy headers when they are well formed', async () => {
    expect(
      await origin('http://127.0.0.1:4322/x', {
        'x-forwarded-host': 'shop.example.com',
        'x-forwarded-proto': 'https',
      }),
    ).toBe('https://shop.example.com');
    expect(
      await origin('http://127.0.0.1:4322/x', { 'x-forwarded-host': 'evil.com/<script>' }),
    ).toBe('http://127.0.0.1:4322');
  });
});
