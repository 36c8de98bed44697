import { describe, expect, it } from 'vitest';
import { cartTestApp, Shopper } from '../testing/cart.ts';

async function withCart() {
  const ctx = cartTestApp();
  const checkout = await Shopper.checkout(
    await ctx.shopper.call('POST', '/checkouts/lineItems', {
      lineItems: [
        { inventoryLevelId: ctx.levels.wheel, quantity: 2 },
        { inventoryLevelId: ctx.levels.chain, quantity: 1 },
        { inventoryLevelId: ctx.levels.fork, quantity: 3 },
      ],
    }),
  );
  const id = checkout.id ?? '';
  const url = checkout.webUrl ?? '';
  const page = (method = 'GET', cookie = ctx.shopper.cookie) =>
    ctx.app.request(url, {
      method,
      headers: {
        ...(cookie === '' ? {} : { cookie }),
        ...(method === 'POST'
          ? { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' }
          : {}),
      },
    });
  return { ...ctx, id, url, page };
}

const count = (db: ReturnType<typeof cartTestApp>['db'], table: string) =>
  (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('GET /api/external-checkout/:checkoutId', () => {
  it('shows the lines, the totals and a Place order form, as HTML without script', async () => {
    const { page, url } = await withCart();
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<td>Poly Load Wheel</td>');
    expect(html).toContain('<td>Lift Chain &amp; Pin</td>');
    expect(html).toContain('<td class="n">$51.98</td>');
    expect(html).toContain('<td colspan="4">Total items</td><td class="n">6</td>');
    expect(html).toContain('<th colspan="4">Total amount</th><th class="n">$961.98</th>');
    expect(html).toContain(`<form method="post" action="${new URL(url).pathname}">`);
    expect(html).toContain('<button type="submit">Place order</button>');
    expect(html).not.toMatch(/<script/i);
  });

  it('shows the discount when a code applies', async () => {
    const { page, shopper, id } = await withCart();
    await shopper.call('POST', `/checkouts/${id}/discountCodes?code=FIVEOFF`);
    const html = await (await page()).text();
    expect(html).toContain('<td colspan="4">Discount (FIVEOFF)</td><td class="n">-$5.00</td>');
    expect(html).toContain('<th class="n">$956.98</th>');
  });

  it('escapes text from the catalogue', async () => {
    const { page, db } = await withCart();
    db.prepare("UPDATE variants SET sku = '<img src=x onerror=alert(1)>'").run();
    const html = await (await page()).text();
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('says the cart is empty, without a form, for an empty checkout', async () => {
    const { page, shopper, levels } = await withCart();
    for (const level of [levels.wheel, levels.chain, levels.fork]) {
      await shopper.setQuantity(level, 0);
    }
    const html = await (await page()).text();
    expect(html).toContain('Your cart is empty.');
    expect(html).not.toContain('<form');
  });

  it.each(['abcdefghijklmnopqrstuvwxyz012345', 'short', '%3Cscript%3E', "x'%20OR%20'1'='1"])(
    'answers 404 HTML for the unknown checkout %s',
    async (id) => {
      const { app } = cartTestApp();
      for (const method of ['GET', 'POST']) {
        const res = await app.request(`http://localhost/api/external-checkout/${id}`, {
          method,
          headers: { origin: 'http://localhost' },
        });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toContain('Checkout not found');
      }
    },
  );

  it('needs no cookie: webUrl itself is the way in', async () => {
    const { page } = await withCart();
    expect((await page('GET', '')).status).toBe(200);
  });
});

describe('POST /api/external-checkout/:checkoutId', () => {
  it.each([
    ['another site', 'https://evil.example'],
    ['an opaque origin', 'null'],
    ['no Origin', undefined],
  ])('refuses a post from %s with 403 HTML and places nothing', async (_, origin) => {
    const { url, app, shopper, db } = await withCart();
    const res = await app.request(url, {
      method: 'POST',
      headers: {
        cookie: shopper.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin === undefined ? {} : { origin }),
      },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Place your order from the checkout page itself.');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(count(db, 'orders')).toBe(0);
    expect(count(db, 'checkouts')).toBe(1);
  });

  it('turns the checkout into an order, clears the cart cookie and confirms', async () => {
    const { page, db, shopper, levels } = await withCart();
    const res = await page('POST');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Thank you for your order');
    expect(html).toContain('<strong>PJ000001</strong>');
    expect(html).toContain('Total: $961.98');
    expect(db.prepare('SELECT displayable_id, total_cents FROM orders').all()).toEqual([
      { displayable_id: 'PJ000001', total_cents: 96198 },
    ]);
    expect(
      db
        .prepare('SELECT title, quantity, unit_price_cents FROM order_line_items ORDER BY id')
        .all(),
    ).toEqual([
      { title: 'Poly Load Wheel', quantity: 2, unit_price_cents: 2599 },
      { title: 'Lift Chain & Pin', quantity: 1, unit_price_cents: 1000 },
      { title: 'Made-to-Order Fork', quantity: 3, unit_price_cents: 30000 },
    ]);
    const stock = db.prepare('SELECT available_quantity FROM inventory_levels WHERE id = ?');
    expect(stock.get(levels.wheel)).toEqual({ available_quantity: 1 });
    expect(stock.get(levels.fork)).toEqual({ available_quantity: -3 });
    expect(count(db, 'checkouts')).toBe(0);
    expect(count(db, 'checkout_line_items')).toBe(0);
    const cleared = res.headers.getSetCookie()[0];
    expect(cleared).toMatch(/^checkout_id=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    shopper.keepCookie(res);
    expect(shopper.cookie).toBe('');
    const empty = await shopper.cart();
    expect(empty.id).toBeNull();
  });

  it('uses the discounted total', async () => {
    const { page, shopper, id, db } = await withCart();
    await shopper.call('POST', `/checkouts/${id}/discountCodes?code=FIVEOFF`);
    await page('POST');
    expect(db.prepare('SELECT total_cents FROM orders').get()).toEqual({ total_cents: 95698 });
  });

  it('marks a product that sold out as not for sale (for the change feed)', async () => {
    const { page, shopper, levels, db } = await withCart();
    await shopper.setQuantity(levels.wheel, 3);
    await page('POST');
    const product = db.prepare('SELECT available_for_sale FROM products WHERE handle = ?');
    expect(product.get('poly-load-wheel')).toEqual({ available_for_sale: 0 });
    expect(product.get('markup-chain')).toEqual({ available_for_sale: 1 });
  });

  it('shows the confirmation again for a double submit or a later visit, placing once', async () => {
    const { page, db } = await withCart();
    await page('POST');
    const again = await page('POST');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('PJ000001');
    expect(await (await page('GET')).text()).toContain('Thank you for your order');
    expect(count(db, 'orders')).toBe(1);
  });

  it('leaves the cookie alone when it names another checkout', async () => {
    const { page, app, levels } = await withCart();
    const other = new Shopper(app);
    await other.add(levels.chain, 1);
    const res = await page('POST', other.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an empty cart with 422 HTML', async () => {
    const { page, shopper, levels, db } = await withCart();
    for (const level of [levels.wheel, levels.chain, levels.fork]) {
      await shopper.setQuantity(level, 0);
    }
    const res = await page('POST');
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('Your cart is empty.');
    expect(count(db, 'orders')).toBe(0);
  });

  it('refuses when stock ran out since the item was added, placing nothing', async () => {
    const { page, db, levels } = await withCart();
    db.prepare('UPDATE inventory_levels SET available_quantity = 1 WHERE id = ?').run(levels.wheel);
    const res = await page('POST');
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(
      'role="alert">Can&#39;t add more than 1 of Poly Load Wheel: only 1 in stock.</p>',
    );
    expect(html).toContain('Place order');
    expect(count(db, 'orders')).toBe(0);
    expect(count(db, 'checkout_line_items')).toBe(3);
    expect(
      db.prepare('SELECT available_quantity FROM inventory_levels WHERE id = ?').get(levels.chain),
    ).toEqual({
      available_quantity: 50,
    });
  });

  it('refuses a line whose price became 0 since it was added, placing nothing', async () => {
    // issue 29: no $0 line is bought online; the shopper reads why and keeps the cart.
    const { page, db, levels } = await withCart();
    db.prepare(
      'UPDATE variants SET price_cents = 0 WHERE id = (SELECT variant_id FROM inventory_levels WHERE id = ?)',
    ).run(levels.chain);
    const res = await page('POST');
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(
      'role="alert">Please call us for the price of Lift Chain &amp; Pin: it cannot be bought online.</p>',
    );
    expect(count(db, 'orders')).toBe(0);
    expect(count(db, 'checkout_line_items')).toBe(3);
  });

  it('numbers orders one after another', async () => {
    const first = await withCart();
    await first.page('POST');
    const shopper = new Shopper(first.app);
    const checkout = await Shopper.checkout(await shopper.add(first.levels.chain, 1));
    await first.app.request(checkout.webUrl ?? '', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
    });
    expect(first.db.prepare('SELECT displayable_id FROM orders ORDER BY id').all()).toEqual([
      { displayable_id: 'PJ000001' },
      { displayable_id: 'PJ000002' },
    ]);
  });
});
