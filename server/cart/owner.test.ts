import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { cartOwner, cartScope } from './owner.ts';
import { insertCheckout } from './session.ts';

/** An app answering the caller's owner and scope, read twice in one request. */
function probe() {
  const db = openDatabase(':memory:');
  const app = new Hono();
  app.get('/', (c) => {
    const scope = cartScope(db);
    return c.json({ owner: cartOwner(c), scopes: [scope(c), scope(c)] });
  });
  const get = async (cookie?: string) => {
    const res = await app.request('http://localhost/', {
      headers: cookie === undefined ? {} : { cookie },
    });
    return {
      body: (await res.json()) as { owner: string; scopes: string[] },
      cookies: res.headers.getSetCookie(),
    };
  };
  return { db, get };
}

describe('cartOwner and cartScope', () => {
  it('give a caller without cookies a new owner, the same throughout the request', async () => {
    const { get } = probe();
    const { body, cookies } = await get();
    expect(body.owner).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookies).toEqual([expect.stringMatching(new RegExp(`^cart_owner=${body.owner};`))]);
    expect(body.scopes[0]).toBe(body.scopes[1]);
    // The scope names the owner only by its hash: the stored scope is no cookie.
    expect(body.scopes[0]).toMatch(/^owner:[A-Za-z0-9_-]{43}$/);
    expect(body.scopes[0]).not.toContain(body.owner);
  });

  it('keep an owner from its cookie: the same scope on every request, and a new one for another', async () => {
    const { get } = probe();
    const first = await get();
    const again = await get(`cart_owner=${first.body.owner}`);
    expect(again.cookies).toEqual([]);
    expect(again.body.scopes[0]).toBe(first.body.scopes[0]);
    const stranger = await get();
    expect(stranger.body.scopes[0]).not.toBe(first.body.scopes[0]);
  });

  it('scope a caller with a checkout by the checkout, whatever its owner', async () => {
    const { db, get } = probe();
    const id = insertCheckout(db);
    const { body } = await get(`checkout_id=${id}; cart_owner=${'a'.repeat(32)}`);
    expect(body.scopes).toEqual([id, id]);
  });
});
