import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cartTestApp, lineQuantities, Shopper } from '../testing/cart.ts';
import { openDatabase } from '../db/open.ts';
import { handleError } from './errors.ts';
import { idempotency } from './idempotency.ts';
import { readJson } from './input.ts';
import { expectErrorReply } from '../testing/app.ts';

const HOUR = 3_600_000;

/** A body that arrives only when the test says so: a deliberately slow request. */
function slowBody(text: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await gate;
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return { stream, release };
}

/** Lets pending I/O callbacks run once (no timer, no sleep). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A tiny app around the middleware alone: POST /count counts, POST /flaky fails once. */
function counterApp() {
  const db = openDatabase(':memory:');
  const clock = { now: 1_700_000_000_000 };
  let count = 0;
  let flaky = 0;
  const once = idempotency({
    db,
    now: () => clock.now,
    scope: (c) => c.req.header('x-scope') ?? '-',
  });
  const app = new Hono();
  app.onError(handleError);
  app.post('/count', once, async (c) => {
    const { by } = await readJson(c, z.object({ by: z.number().int() }));
    count += by;
    c.header('set-cookie', `seen=${count}; Path=/`, { append: true });
    return c.json({ count }, 201);
  });
  app.post('/flaky', once, (c) => {
    flaky += 1;
    return flaky === 1 ? c.json({ error: 'Down.' }, 503) : c.json({ flaky });
  });
  app.get('/count', once, (c) => c.json({ count }));
  const post = (
    path: string,
    body: string | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) =>
    app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
  const rows = () =>
    db.prepare('SELECT scope, key, state FROM idempotency_keys ORDER BY scope, key').all();
  return { app, db, clock, post, rows, count: () => count, flaky: () => flaky };
}

describe('idempotency middleware', () => {
  it('replays the first reply (status, body, Set-Cookie) without a second effect', async () => {
    const { post, count } = counterApp();
    const first = await post('/count', '{"by":2}', { 'idempotency-key': 'k1' });
    const again = await post('/count', '{"by":2}', { 'idempotency-key': 'k1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ count: 2 });
    expect(again.headers.getSetCookie()).toEqual(['seen=2; Path=/']);
    expect(again.headers.get('content-type')).toMatch(/application\/json/);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(count()).toBe(2);
  });

  it('runs every call without a key, and ignores a key on GET', async () => {
    const { app, post, count, rows } = counterApp();
    await post('/count', '{"by":1}');
    await post('/count', '{"by":1}');
    expect(count()).toBe(2);
    const get = await app.request('http://localhost/count', {
      headers: { 'idempotency-key': 'g' },
    });
    expect(get.status).toBe(200);
    expect(rows()).toEqual([]);
  });

  it('answers 422 for the same key with another body, path or method', async () => {
    const { post, count } = counterApp();
    await post('/count', '{"by":1}', { 'idempotency-key': 'k' });
    const anotherBody = ['/count', '{"by":5}'] as const;
    const anotherPath = ['/flaky', '{"by":1}'] as const;
    for (const [path, body] of [anotherBody, anotherPath]) {
      await expectErrorReply(
        await post(path, body, { 'idempotency-key': 'k' }),
        422,
        'This Idempotency-Key was already used for a different request. Use a new key.',
      );
    }
    expect(count()).toBe(1);
  });

  it('answers 409 while the same key is in flight, then replays once it is done', async () => {
    const { post, count } = counterApp();
    const slow = slowBody('{"by":3}');
    const first = post('/count', slow.stream, { 'idempotency-key': 'busy' });
    await turn();
    // The same request again, and another body under its key.
    for (const body of ['{"by":3}', '{"by":9}']) {
      await expectErrorReply(
        await post('/count', body, { 'idempotency-key': 'busy' }),
        409,
        'This request is still being processed. Please try again.',
      );
    }
    slow.release();
    expect((await first).status).toBe(201);
    const retry = await post('/count', '{"by":3}', { 'idempotency-key': 'busy' });
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ count: 3 });
    expect(count()).toBe(3);
  });

  it('lets a retry take over a key stuck in flight past the 60 s lease', async () => {
    const { post, clock, count } = counterApp();
    const stuck = slowBody('{"by":1}');
    const first = post('/count', stuck.stream, { 'idempotency-key': 'crash' });
    await turn();
    clock.now += 59_000;
    expect((await post('/count', '{"by":1}', { 'idempotency-key': 'crash' })).status).toBe(409);
    clock.now += 2_000;
    const takeover = await post('/count', '{"by":1}', { 'idempotency-key': 'crash' });
    expect(takeover.status).toBe(201);
    // The original finally arrives: it lost its claim and must not act a second time.
    stuck.release();
    expect((await first).status).toBe(409);
    expect(count()).toBe(1);
  });

  it('forgets keys after 24 hours and deletes them', async () => {
    const { post, clock, count, rows } = counterApp();
    await post('/count', '{"by":1}', { 'idempotency-key': 'old' });
    clock.now += 24 * HOUR - 1;
    expect(
      (await post('/count', '{"by":1}', { 'idempotency-key': 'old' })).headers.get(
        'idempotent-replayed',
      ),
    ).toBe('true');
    expect(count()).toBe(1);
    clock.now += 2;
    const later = await post('/count', '{"by":1}', { 'idempotency-key': 'old' });
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(count()).toBe(2);
    await post('/count', '{"by":1}', { 'idempotency-key': 'another' });
    clock.now += 24 * HOUR + 1;
    await post('/count', '{"by":1}', { 'idempotency-key': 'fresh' });
    expect(rows()).toEqual([{ scope: '-', key: 'fresh', state: 'done' }]);
  });

  it('scopes keys: the same key in two scopes are two requests', async () => {
    const { post, count } = counterApp();
    const a = await post('/count', '{"by":1}', { 'idempotency-key': 'same', 'x-scope': 'cart-a' });
    const b = await post('/count', '{"by":10}', { 'idempotency-key': 'same', 'x-scope': 'cart-b' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(count()).toBe(11);
  });

  it('does not keep 5xx replies, so a retry runs again', async () => {
    const { post, flaky, rows } = counterApp();
    const failed = await post('/flaky', '{}', { 'idempotency-key': 'f' });
    expect(failed.status).toBe(503);
    expect(rows()).toEqual([]);
    const retried = await post('/flaky', '{}', { 'idempotency-key': 'f' });
    expect(retried.status).toBe(200);
    expect(flaky()).toBe(2);
  });

  it('keeps 4xx replies: the same bad request gets the same answer', async () => {
    const { post, rows } = counterApp();
    const bad = await post('/count', '{"by":"x"}', { 'idempotency-key': 'bad' });
    expect(bad.status).toBe(400);
    const again = await post('/count', '{"by":"x"}', { 'idempotency-key': 'bad' });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await bad.json());
    expect(rows()).toHaveLength(1);
  });

  it('passes an oversized body to the handler untracked, which refuses it', async () => {
    const { post, rows } = counterApp();
    const res = await post('/count', JSON.stringify({ by: 1, pad: 'x'.repeat(300_000) }), {
      'idempotency-key': 'big',
    });
    expect(res.status).toBe(413);
    expect(rows()).toEqual([]);
  });

  it.each(['', 'has space', 'x'.repeat(256), 'ünïcode'])(
    'refuses the key %j with 400',
    async (key) => {
      const { post, count } = counterApp();
      const res = await post('/count', '{"by":1}', { 'idempotency-key': key });
      // An empty header value reaches the middleware as '' and is refused too.
      await expectErrorReply(
        res,
        400,
        'The Idempotency-Key header must be 1 to 255 visible characters.',
      );
      expect(count()).toBe(0);
    },
  );
});

describe('idempotency on the cart', () => {
  const add = (shopper: Shopper, inventoryLevelId: number, quantity: number, key: string) =>
    shopper.call(
      'POST',
      '/checkouts/lineItems',
      { inventoryLevelId, quantity },
      { 'idempotency-key': key },
    );

  const checkouts = (db: ReturnType<typeof cartTestApp>['db']) =>
    (db.prepare('SELECT COUNT(*) AS n FROM checkouts').get() as { n: number }).n;

  /** A browser that has loaded its cart once (as the cart store does), so holds its owner. */
  const browser = async (app: ReturnType<typeof cartTestApp>['app']) => {
    const shopper = new Shopper(app);
    await shopper.call('GET', '/checkouts');
    expect(shopper.owner).toMatch(/^cart_owner=/);
    return shopper;
  };

  it('replays the call that created the checkout, cookie included, to the same browser whose reply was lost', async () => {
    const { app, levels, db } = cartTestApp();
    const shopper = await browser(app);
    const first = await add(shopper, levels.wheel, 1, 'create-1');
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith('checkout_id='));
    expect(cookie).toBeDefined();
    // The reply was lost: the retry comes with the owner cookie but without the checkout's.
    const lost = new Shopper(app);
    lost.owner = shopper.owner;
    const retry = await add(lost, levels.wheel, 1, 'create-1');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.getSetCookie()).toContain(cookie);
    expect(lost.cookie).toBe(shopper.cookie);
    expect(checkouts(db)).toBe(1);
    expect((await shopper.cart()).totalQuantity).toBe(1);
  });

  // "Replaying someone's key before they have a cart returns their checkout_id."
  it.each([
    ['a browser that holds its owner cookie', true],
    ['a browser that never had a cookie', false],
  ])(
    "gives a stranger who replays the key and body of %s's first add none of its reply",
    async (_, loadedFirst) => {
      const { app, levels, db } = cartTestApp();
      const victim = loadedFirst ? await browser(app) : new Shopper(app);
      const theirs = await Shopper.checkout(await add(victim, levels.wheel, 1, 'leaked-key'));
      for (const stranger of [new Shopper(app), await browser(app)]) {
        const replayed = await add(stranger, levels.wheel, 1, 'leaked-key');
        expect(replayed.status).toBe(200);
        expect(replayed.headers.get('idempotent-replayed')).toBeNull();
        expect(replayed.headers.getSetCookie().join('\n')).not.toContain(theirs.id ?? '-');
        const own = await Shopper.checkout(replayed);
        expect(own.id).not.toBe(theirs.id);
        expect(stranger.cookie).not.toBe(victim.cookie);
      }
      // The victim's cart is untouched by the strangers' adds.
      expect((await victim.cart()).totalQuantity).toBe(1);
      expect(checkouts(db)).toBe(3);
    },
  );

  it('gives a browser with no cookie at all whose reply was lost a second checkout, not a shared one', async () => {
    const { app, levels, db } = cartTestApp();
    const shopper = new Shopper(app);
    await add(shopper, levels.wheel, 1, 'cookieless');
    // Nothing tells this retry from a stranger's: it runs as a new caller's first add.
    const retry = await add(new Shopper(app), levels.wheel, 1, 'cookieless');
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(checkouts(db)).toBe(2);
    // The browser that did get the reply still replays it.
    const again = await add(shopper, levels.wheel, 1, 'cookieless');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps one browser’s keys from another’s before either has a checkout', async () => {
    const { app, levels } = cartTestApp();
    const one = await browser(app);
    const other = await browser(app);
    const refused = await add(one, levels.sealKit, 1, 'same-key');
    expect(refused.status).toBe(422);
    const allowed = await add(other, levels.wheel, 1, 'same-key');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays the creating call also to a retry that did get the cookie', async () => {
    const { shopper, levels } = cartTestApp();
    const first = await Shopper.checkout(await add(shopper, levels.wheel, 1, 'create-2'));
    const retry = await add(shopper, levels.wheel, 1, 'create-2');
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await Shopper.checkout(retry)).toEqual(first);
    expect((await shopper.cart()).totalQuantity).toBe(1);
  });

  it('replays adds, sets, removals, products and discount codes without a second effect', async () => {
    const { shopper, levels } = cartTestApp();
    const created = await Shopper.checkout(await add(shopper, levels.chain, 1, 'a'));
    const id = created.id ?? '';
    const calls: [string, string, unknown][] = [
      ['POST', '/checkouts/lineItems', { inventoryLevelId: levels.chain, quantity: 2 }],
      ['POST', '/checkouts/products', { handles: ['poly-load-wheel'] }],
      ['PUT', '/checkouts/lineItems', { inventoryLevelId: levels.fork, quantity: 2 }],
      ['POST', `/checkouts/${id}/discountCodes?code=FIVEOFF`, undefined],
    ];
    for (const [index, [method, path, body]] of calls.entries()) {
      const first = await shopper.call(method, path, body, { 'idempotency-key': `call-${index}` });
      const second = await shopper.call(method, path, body, { 'idempotency-key': `call-${index}` });
      expect(second.status).toBe(first.status);
      expect(await second.json()).toEqual(await first.json());
    }
    const checkout = await shopper.cart();
    expect(lineQuantities(checkout)).toEqual([
      [levels.chain, 3],
      [levels.wheel, 1],
      [levels.fork, 2],
    ]);
    const lineId = checkout.LineItems[0]?.id ?? 0;
    const removed = await shopper.call('DELETE', `/checkouts/lineItems/${lineId}`, undefined, {
      'idempotency-key': 'rm',
    });
    const removedAgain = await shopper.call('DELETE', `/checkouts/lineItems/${lineId}`, undefined, {
      'idempotency-key': 'rm',
    });
    expect(removed.status).toBe(200);
    expect(removedAgain.status).toBe(200);
    expect(await removedAgain.json()).toEqual(await removed.json());
  });

  it('answers 422 when a cart key is reused for another item', async () => {
    const { shopper, levels } = cartTestApp();
    await add(shopper, levels.chain, 1, 'reuse');
    const res = await add(shopper, levels.wheel, 1, 'reuse');
    expect(res.status).toBe(422);
    expect((await shopper.cart()).LineItems).toHaveLength(1);
  });

  it("keeps one checkout's keys from colliding with another's", async () => {
    const { shopper, app, levels } = cartTestApp();
    const other = new Shopper(app);
    await add(shopper, levels.chain, 1, 'setup-a');
    await add(other, levels.chain, 1, 'setup-b');
    const mine = await add(shopper, levels.chain, 2, 'shared-key');
    const theirs = await add(other, levels.wheel, 1, 'shared-key');
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect((await Shopper.checkout(theirs)).LineItems.map((line) => line.inventoryLevelId)).toEqual(
      [levels.chain, levels.wheel],
    );
  });

  // The app reads a body whole (up to its limit, server/http/body-limit.ts) before the key is
  // claimed, so a slow upload holds no key: a retry that overlaps it runs, and the slow
  // original, once its body is in, replays that retry's reply. The add still happens once.
  it('lets a retry overtake a slow upload of the same add, which then replays it', async () => {
    const { app, shopper, levels } = cartTestApp();
    await add(shopper, levels.chain, 1, 'setup');
    const body = JSON.stringify({ inventoryLevelId: levels.chain, quantity: 1 });
    const slow = slowBody(body);
    const headers = {
      'content-type': 'application/json',
      origin: 'http://localhost',
      cookie: shopper.cookie,
      'idempotency-key': 'slow',
    };
    const first = app.request('http://localhost/api/checkouts/lineItems', {
      method: 'POST',
      headers,
      body: slow.stream,
      duplex: 'half',
    } as RequestInit);
    await turn();
    const overlap = await shopper.call('POST', '/checkouts/lineItems', body, {
      'idempotency-key': 'slow',
    });
    expect(overlap.status).toBe(200);
    expect(overlap.headers.get('idempotent-replayed')).toBeNull();
    slow.release();
    const original = await first;
    expect(original.status).toBe(200);
    expect(original.headers.get('idempotent-replayed')).toBe('true');
    expect((await Shopper.checkout(original)).totalQuantity).toBe(2);
  });

  it('expires cart keys after 24 hours through deps.now', async () => {
    const clock = { now: 1_700_000_000_000 };
    const { shopper, levels } = cartTestApp({ now: () => clock.now });
    await add(shopper, levels.chain, 1, 'day');
    clock.now += 23 * HOUR;
    expect((await Shopper.checkout(await add(shopper, levels.chain, 1, 'day'))).totalQuantity).toBe(
      1,
    );
    clock.now += 2 * HOUR;
    expect((await Shopper.checkout(await add(shopper, levels.chain, 1, 'day'))).totalQuantity).toBe(
      2,
    );
  });

  it('replays a refusal too, without looking at the stock again', async () => {
    const { shopper, levels, db } = cartTestApp();
    const refused = await add(shopper, levels.sealKit, 1, 'refused');
    expect(refused.status).toBe(422);
    db.prepare('UPDATE inventory_levels SET available_quantity = 5 WHERE id = ?').run(
      levels.sealKit,
    );
    const again = await add(shopper, levels.sealKit, 1, 'refused');
    expect(again.status).toBe(422);
    const fresh = await add(shopper, levels.sealKit, 1, 'new-key');
    expect(fresh.status).toBe(200);
  });
});
