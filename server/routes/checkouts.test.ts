import { describe, expect, it } from 'vitest';
import { cartTestApp, lineQuantities, seedCartCatalogue, Shopper } from '../testing/cart.ts';
import { expectErrorReply, testApp } from '../testing/app.ts';

const PROXY_SECRET = 'test-proxy-secret-0123456789abcdef0123456789';

const lineCount = (db: ReturnType<typeof cartTestApp>['db']) =>
  (db.prepare('SELECT COUNT(*) AS n FROM checkout_line_items').get() as { n: number }).n;
const checkoutCount = (db: ReturnType<typeof cartTestApp>['db']) =>
  (db.prepare('SELECT COUNT(*) AS n FROM checkouts').get() as { n: number }).n;

describe('GET /api/checkouts', () => {
  it('gives a visitor without a cookie the empty shape and creates nothing', async () => {
    const { shopper, db } = cartTestApp();
    const res = await shopper.call('GET', '/checkouts');
    expect(res.status).toBe(200);
    // Only the cart owner cookie (server/cart/owner.ts), no checkout cookie.
    const [owner, ...more] = res.headers.getSetCookie();
    expect(more).toEqual([]);
    expect(owner).toMatch(
      /^cart_owner=[A-Za-z0-9_-]{32}; Max-Age=5184000; Path=\/api\/checkouts; HttpOnly; SameSite=Lax$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      checkout: {
        id: null,
        webUrl: null,
        LineItems: [],
        totalQuantity: 0,
        subtotalPrice: 0,
        discountedSubtotalPrice: 0,
        discountCode: null,
        totalPrice: 0,
        currencyCode: 'USD',
      },
    });
    expect(checkoutCount(db)).toBe(0);
  });

  it('keeps a well-formed cart owner cookie and replaces a malformed one', async () => {
    const { shopper } = cartTestApp();
    await shopper.call('GET', '/checkouts');
    const kept = await shopper.call('GET', '/checkouts');
    expect(kept.headers.getSetCookie()).toEqual([]);
    for (const bad of ['short', 'x'.repeat(33), "' OR 1=1 --abcdefghijklmnopqrstu"]) {
      shopper.owner = `cart_owner=${bad}`;
      const res = await shopper.call('GET', '/checkouts');
      expect(res.headers.getSetCookie()[0]).toMatch(/^cart_owner=[A-Za-z0-9_-]{32};/);
    }
  });

  it('answers https visitors with a Secure owner cookie', async () => {
    const { app } = cartTestApp();
    const res = await app.request('https://localhost/api/checkouts');
    expect(res.headers.getSetCookie()[0]).toMatch(/; Secure/);
  });

  it('treats a cookie naming no checkout, or a malformed one, as no checkout', async () => {
    const { shopper } = cartTestApp();
    for (const cookie of [
      'checkout_id=abcdefghijklmnopqrstuvwxyz012345',
      "checkout_id=' OR 1=1 --",
    ]) {
      shopper.cookie = cookie;
      const checkout = await shopper.cart();
      expect(checkout.id).toBeNull();
    }
  });

  it('returns the checkout of the cookie with the full line shape', async () => {
    const { shopper, levels, db } = cartTestApp();
    await shopper.add(levels.wheel, 2);
    const res = await shopper.call('GET', '/checkouts');
    const checkout = await Shopper.checkout(res);
    const wheel = db.prepare("SELECT id FROM products WHERE handle = 'poly-load-wheel'").get() as {
      id: number;
    };
    expect(checkout).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) as unknown,
      webUrl: `http://localhost/api/external-checkout/${checkout.id}`,
      LineItems: [
        {
          id: expect.any(Number) as unknown,
          inventoryLevelId: levels.wheel,
          variantId: expect.any(Number) as unknown,
          productId: wheel.id,
          productHandle: 'poly-load-wheel',
          title: 'Poly Load Wheel',
          variantTitle: 'Default Title',
          sku: 'POLY-LOAD-WHEEL-SKU',
          imageUrl: '/api/media/poly-load-wheel.jpg',
          currentQuantity: 2,
          totalUnitPrice: 25.99,
          availableForSale: true,
          availableQuantity: 3,
          bypassNegativeQuantity: false,
        },
      ],
      totalQuantity: 2,
      subtotalPrice: 51.98,
      discountedSubtotalPrice: 51.98,
      discountCode: null,
      totalPrice: 51.98,
      currencyCode: 'USD',
    });
    // spec: storefront 3, the last path segment of webUrl is the checkout id.
    expect(checkout.webUrl?.split('/').at(-1)).toBe(checkout.id);
  });

  it('builds webUrl from the forwarded origin behind a proxy', async () => {
    // The forwarded headers count only with the web server's secret (server/http/forwarded.ts).
    const { app, db } = testApp({ proxySecret: PROXY_SECRET });
    const levels = seedCartCatalogue(db);
    const shopper = new Shopper(app);
    const proxied = {
      'x-forwarded-host': 'shop.example.com',
      'x-forwarded-proto': 'https',
      'x-proxy-secret': PROXY_SECRET,
      origin: 'https://shop.example.com',
    };
    const body = { inventoryLevelId: levels.wheel, quantity: 1 };
    expect((await shopper.call('POST', '/checkouts/lineItems', body, proxied)).status).toBe(200);
    const checkout = await Shopper.checkout(
      await shopper.call('GET', '/checkouts', undefined, proxied),
    );
    expect(checkout.webUrl).toBe(`https://shop.example.com/api/external-checkout/${checkout.id}`);
  });
});

describe('the cart cookie', () => {
  it('is set by the first change: HttpOnly, SameSite=Lax, Path=/, not Secure over http', async () => {
    const { shopper, levels, db } = cartTestApp();
    const res = await shopper.add(levels.wheel, 1);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^checkout_id=[A-Za-z0-9_-]{32};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(checkoutCount(db)).toBe(1);
  });

  it('is Secure when the request came over https', async () => {
    const { app, levels } = cartTestApp();
    const res = await app.request('https://localhost/api/checkouts/lineItems', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://localhost' },
      body: JSON.stringify({ inventoryLevelId: levels.wheel, quantity: 1 }),
    });
    expect(res.headers.getSetCookie()[0]).toMatch(/Secure/);
  });

  it('keeps one checkout per shopper and separates shoppers', async () => {
    const { shopper, app, levels, db } = cartTestApp();
    const other = new Shopper(app);
    await shopper.add(levels.wheel, 1);
    await shopper.add(levels.chain, 1);
    await other.add(levels.chain, 4);
    expect(checkoutCount(db)).toBe(2);
    const mine = await shopper.cart();
    const theirs = await other.cart();
    expect(mine.totalQuantity).toBe(2);
    expect(theirs.totalQuantity).toBe(4);
    expect(mine.id).not.toBe(theirs.id);
  });
});

describe('POST /api/checkouts/lineItems', () => {
  it('adds lines in the order they were added and increases the same level', async () => {
    const { shopper, levels } = cartTestApp();
    await shopper.add(levels.chain, 1);
    await shopper.add(levels.wheel, 1);
    const res = await shopper.add(levels.chain, 2);
    expect(res.status).toBe(200);
    const checkout = await Shopper.checkout(res);
    expect(lineQuantities(checkout)).toEqual([
      [levels.chain, 3],
      [levels.wheel, 1],
    ]);
    expect(checkout.totalQuantity).toBe(4);
    expect(checkout.subtotalPrice).toBe(55.99);
  });

  it('accepts {lineItems: [...]} and adds all of them at once', async () => {
    const { shopper, levels } = cartTestApp();
    const checkout = await Shopper.checkout(
      await shopper.addLines([
        [levels.wheel, 1],
        [levels.chain, 2],
        [levels.wheel, 1],
      ]),
    );
    expect(lineQuantities(checkout)).toEqual([
      [levels.wheel, 2],
      [levels.chain, 2],
    ]);
  });

  it('refuses more than the stock, naming the product, and changes nothing', async () => {
    const { shopper, levels } = cartTestApp();
    const res = await shopper.add(levels.wheel, 4);
    await expectErrorReply(res, 422, "Can't add more than 3 of Poly Load Wheel: only 3 in stock.");
    expect(shopper.cookie).toBe('');
  });

  it('counts what the cart already holds against the stock', async () => {
    const { shopper, levels } = cartTestApp();
    await shopper.add(levels.wheel, 2);
    const res = await shopper.add(levels.wheel, 2);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toBe(
      "Can't add more than 3 of Poly Load Wheel: only 3 in stock. You already have 2 in your cart.",
    );
    const ok = await shopper.add(levels.wheel, 1);
    expect((await Shopper.checkout(ok)).LineItems[0]?.currentQuantity).toBe(3);
  });

  it('says out of stock for a level with none left', async () => {
    const { shopper, levels } = cartTestApp();
    const res = await shopper.add(levels.sealKit, 1);
    await expectErrorReply(res, 422, 'Seal Kit is out of stock.');
  });

  it('lets bypassNegativeQuantity levels go past the stock', async () => {
    const { shopper, levels } = cartTestApp();
    const res = await shopper.add(levels.fork, 40);
    expect(res.status).toBe(200);
    const [line] = (await Shopper.checkout(res)).LineItems;
    expect(line).toMatchObject({
      currentQuantity: 40,
      availableQuantity: 0,
      bypassNegativeQuantity: true,
    });
  });

  it('refuses a variant that is not available for sale', async () => {
    const { shopper, levels } = cartTestApp();
    const res = await shopper.add(levels.pump, 1);
    await expectErrorReply(res, 422, 'Item is not available for sale: Discontinued Pump.');
  });

  it('refuses a line priced 0 whatever the client sends, adding nothing', async () => {
    // issue 29: a $0 product is asked for by phone; no $0 line reaches a cart.
    const { shopper, levels, db } = cartTestApp();
    const refusal = 'Please call us for the price of Steer Wheel Axle: it cannot be bought online.';
    await expectErrorReply(await shopper.add(levels.callForPrice, 1), 422, refusal);
    expect(checkoutCount(db)).toBe(0);
    await shopper.add(levels.chain, 1);
    const list = await shopper.addLines([
      [levels.wheel, 1],
      [levels.callForPrice, 2],
    ]);
    await expectErrorReply(list, 422, refusal);
    const set = await shopper.call('PUT', '/checkouts/lineItems', {
      inventoryLevelId: levels.callForPrice,
      quantity: 1,
    });
    await expectErrorReply(set, 422, refusal);
    const byHandle = await shopper.call('POST', '/checkouts/products', {
      handles: ['call-for-price-axle'],
    });
    await expectErrorReply(byHandle, 422, refusal);
    expect(lineQuantities(await Shopper.checkout(await shopper.call('GET', '/checkouts')))).toEqual(
      [[levels.chain, 1]],
    );
  });

  it('names a variant and strips markup from titles in messages', async () => {
    const { shopper, levels } = cartTestApp();
    const variant = await shopper.add(levels.hydraulicLarge, 3);
    expect(((await variant.json()) as { error: string }).error).toBe(
      "Can't add more than 2 of Hydraulic Pump (Large): only 2 in stock.",
    );
    const markup = await shopper.add(levels.chain, 51);
    expect(((await markup.json()) as { error: string }).error).toBe(
      "Can't add more than 50 of Lift Chain & Pin: only 50 in stock.",
    );
  });

  it('is all or nothing for a list: one refusal leaves the cart unchanged', async () => {
    const { shopper, levels, db } = cartTestApp();
    await shopper.add(levels.chain, 1);
    const res = await shopper.addLines([
      [levels.wheel, 1],
      [levels.sealKit, 1],
    ]);
    expect(res.status).toBe(422);
    expect(lineCount(db)).toBe(1);
  });

  it('answers 404 for an unknown inventory level, and does not create a checkout', async () => {
    const { shopper, db } = cartTestApp();
    const res = await shopper.add(999_999, 1);
    await expectErrorReply(
      res,
      404,
      'That item was not found. It may have been removed from the store.',
    );
    expect(checkoutCount(db)).toBe(0);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    [{ inventoryLevelId: 1, quantity: -1 }, 'Quantity must be greater than 0.'],
    [{ inventoryLevelId: 1, quantity: 0 }, 'Quantity must be greater than 0.'],
    [{ inventoryLevelId: 1, quantity: 1.5 }, 'Invalid quantity: enter a whole number.'],
    [{ inventoryLevelId: 1, quantity: '2' }, 'Invalid quantity: enter a whole number.'],
    [{ inventoryLevelId: 1, quantity: null }, 'Invalid quantity: enter a whole number.'],
    [{ inventoryLevelId: 1 }, 'Invalid quantity: enter a whole number.'],
    [{ inventoryLevelId: 1, quantity: 1e12 }, 'Quantity can be at most 9999.'],
    [{ inventoryLevelId: 1, quantity: 1e308 }, 'Quantity can be at most 9999.'],
    [{ quantity: 1 }, 'Choose an item: inventoryLevelId must be a positive whole number.'],
    [
      { inventoryLevelId: -3, quantity: 1 },
      'Choose an item: inventoryLevelId must be a positive whole number.',
    ],
    [
      { inventoryLevelId: '1; DROP TABLE checkouts', quantity: 1 },
      'Choose an item: inventoryLevelId must be a positive whole number.',
    ],
    [[1, 2], 'Send the item as {"inventoryLevelId": ..., "quantity": ...}.'],
    ['"just text"', 'Send the item as {"inventoryLevelId": ..., "quantity": ...}.'],
    [{ lineItems: [] }, 'lineItems must list at least one item.'],
    [{ lineItems: 'all' }, 'lineItems must list at least one item.'],
    [
      {
        lineItems: [
          { inventoryLevelId: 1, quantity: 1 },
          { inventoryLevelId: 1, quantity: -2 },
        ],
      },
      'Item 2: Quantity must be greater than 0.',
    ],
    [
      { lineItems: Array.from({ length: 101 }, () => ({ inventoryLevelId: 1, quantity: 1 })) },
      'Add at most 100 items at once.',
    ],
  ])('refuses %j with 400 and a readable error', async (body, error) => {
    const { shopper, db } = cartTestApp();
    const res = await shopper.call('POST', '/checkouts/lineItems', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
    expect(checkoutCount(db)).toBe(0);
  });

  it('refuses malformed JSON, a wrong content type, an empty and an oversized body', async () => {
    const { shopper, levels, db } = cartTestApp();
    await shopper.add(levels.wheel, 1);
    const cases: [string | undefined, Record<string, string>, number][] = [
      ['{"inventoryLevelId": 1, "quantity": ', {}, 400],
      ['', {}, 400],
      [
        'inventoryLevelId=1&quantity=1',
        { 'content-type': 'application/x-www-form-urlencoded' },
        415,
      ],
      [
        JSON.stringify({ inventoryLevelId: levels.wheel, quantity: 1 }),
        { 'content-type': 'text/plain' },
        415,
      ],
      [
        JSON.stringify({ pad: 'x'.repeat(300_000), inventoryLevelId: levels.wheel, quantity: 1 }),
        {},
        413,
      ],
    ];
    for (const [body, headers, status] of cases) {
      const res = await shopper.call('POST', '/checkouts/lineItems', body ?? '', headers);
      expect(res.status, body?.slice(0, 40)).toBe(status);
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
    }
    const checkout = await shopper.cart();
    expect(checkout.totalQuantity).toBe(1);
    expect(lineCount(db)).toBe(1);
    expect(checkoutCount(db)).toBe(1);
  });

  it('refuses a body without a content type at all', async () => {
    const { app, levels } = cartTestApp();
    const res = await app.request('http://localhost/api/checkouts/lineItems', {
      method: 'POST',
      body: JSON.stringify({ inventoryLevelId: levels.wheel, quantity: 1 }),
    });
    expect(res.status).toBe(415);
  });
});

describe('PUT /api/checkouts/lineItems', () => {
  it('sets a quantity, within the stock', async () => {
    const { shopper, levels } = cartTestApp();
    await shopper.add(levels.wheel, 1);
    const set = await shopper.setQuantity(levels.wheel, 3);
    expect((await Shopper.checkout(set)).LineItems[0]?.currentQuantity).toBe(3);
    const over = await shopper.setQuantity(levels.wheel, 4);
    expect(over.status).toBe(422);
    expect(((await over.json()) as { error: string }).error).toMatch(
      /^Can't add more than 3 of Poly Load Wheel/,
    );
  });

  it('removes the line at 0 and keeps the order of the others', async () => {
    const { shopper, levels } = cartTestApp();
    await shopper.addLines([
      [levels.chain, 1],
      [levels.wheel, 1],
      [levels.fork, 1],
    ]);
    await shopper.setQuantity(levels.fork, 5);
    const res = await shopper.setQuantity(levels.wheel, 0);
    const checkout = await Shopper.checkout(res);
    expect(lineQuantities(checkout)).toEqual([
      [levels.chain, 1],
      [levels.fork, 5],
    ]);
  });

  it('adds a level that is not in the cart yet', async () => {
    const { shopper, levels } = cartTestApp();
    const res = await shopper.setQuantity(levels.chain, 7);
    expect(res.status).toBe(200);
    expect((await Shopper.checkout(res)).totalQuantity).toBe(7);
  });

  it('always lets a shopper lower a line, even when the item stopped being for sale', async () => {
    const { shopper, levels, db } = cartTestApp();
    await shopper.add(levels.wheel, 3);
    db.prepare('UPDATE variants SET available_for_sale = 0').run();
    db.prepare('UPDATE inventory_levels SET available_quantity = 1').run();
    const shown = await shopper.cart();
    expect(shown.LineItems[0]).toMatchObject({
      availableForSale: false,
      availableQuantity: 1,
      currentQuantity: 3,
    });
    const lower = await shopper.setQuantity(levels.wheel, 2);
    expect(lower.status).toBe(200);
    const raise = await shopper.setQuantity(levels.wheel, 3);
    await expectErrorReply(raise, 422, 'Item is not available for sale: Poly Load Wheel.');
  });

  it('refuses negative, fractional and non-numeric quantities and unknown levels', async () => {
    const { shopper, levels } = cartTestApp();
    await shopper.add(levels.wheel, 1);
    for (const quantity of [-1, 0.5, 'many', Number.MAX_SAFE_INTEGER]) {
      const res = await shopper.call('PUT', '/checkouts/lineItems', {
        inventoryLevelId: levels.wheel,
        quantity,
      });
      expect(res.status).toBe(400);
    }
    const unknown = await shopper.setQuantity(424_242, 1);
    expect(unknown.status).toBe(404);
    expect((await shopper.cart()).totalQuantity).toBe(1);
  });
});

describe('DELETE /api/checkouts/lineItems/:lineItemId', () => {
  it('removes a line by its id', async () => {
    const { shopper, levels } = cartTestApp();
    const added = await Shopper.checkout(
      await shopper.addLines([
        [levels.wheel, 1],
        [levels.chain, 1],
      ]),
    );
    const first = added.LineItems[0]?.id;
    const res = await shopper.call('DELETE', `/checkouts/lineItems/${first}`);
    expect(res.status).toBe(200);
    const checkout = await Shopper.checkout(res);
    expect(checkout.LineItems.map((line) => line.inventoryLevelId)).toEqual([levels.chain]);
    const again = await shopper.call('DELETE', `/checkouts/lineItems/${first}`);
    await expectErrorReply(again, 404, 'That item is not in your cart.');
  });

  it("does not remove another shopper's line", async () => {
    const { shopper, app, levels } = cartTestApp();
    const theirs = await Shopper.checkout(await shopper.add(levels.wheel, 1));
    const intruder = new Shopper(app);
    await intruder.add(levels.chain, 1);
    const res = await intruder.call('DELETE', `/checkouts/lineItems/${theirs.LineItems[0]?.id}`);
    expect(res.status).toBe(404);
    const noCookie = new Shopper(app);
    expect(
      (await noCookie.call('DELETE', `/checkouts/lineItems/${theirs.LineItems[0]?.id}`)).status,
    ).toBe(404);
    expect((await shopper.cart()).totalQuantity).toBe(1);
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', "1' OR '1'='1"])(
    'answers 404 JSON for the line id %s',
    async (id) => {
      const { shopper, levels } = cartTestApp();
      await shopper.add(levels.wheel, 1);
      const res = await shopper.call('DELETE', `/checkouts/lineItems/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
    },
  );
});

describe('POST /api/checkouts/products', () => {
  it("adds one of each product's first available variant", async () => {
    const { shopper, levels } = cartTestApp();
    const res = await shopper.call('POST', '/checkouts/products', {
      handles: ['hydraulic-pump', 'poly-load-wheel'],
    });
    expect(res.status).toBe(200);
    const checkout = await Shopper.checkout(res);
    expect(lineQuantities(checkout)).toEqual([
      [levels.hydraulicLarge, 1],
      [levels.wheel, 1],
    ]);
    expect(checkout.LineItems[0]).toMatchObject({
      variantTitle: 'Large',
      sku: 'HP-L',
      totalUnitPrice: 120,
    });
  });

  it('adds a handle given twice twice, and stops at the stock', async () => {
    const { shopper } = cartTestApp();
    const twice = await shopper.call('POST', '/checkouts/products', {
      handles: ['hydraulic-pump', 'hydraulic-pump'],
    });
    expect((await Shopper.checkout(twice)).totalQuantity).toBe(2);
    const third = await shopper.call('POST', '/checkouts/products', {
      handles: ['hydraulic-pump'],
    });
    await expectErrorReply(third, 422, 'Hydraulic Pump is out of stock.');
  });

  it('refuses products not for sale or out of stock, and unknown handles, all or nothing', async () => {
    const { shopper, db } = cartTestApp();
    const notForSale = await shopper.call('POST', '/checkouts/products', {
      handles: ['poly-load-wheel', 'discontinued-pump'],
    });
    await expectErrorReply(notForSale, 422, 'Item is not available for sale: Discontinued Pump.');
    const unknown = await shopper.call('POST', '/checkouts/products', {
      handles: ['no-such-part'],
    });
    await expectErrorReply(unknown, 404, 'No product with the handle "no-such-part" was found.');
    expect(lineCount(db)).toBe(0);
  });

  it.each([
    [{}],
    [{ handles: [] }],
    [{ handles: 'poly-load-wheel' }],
    [{ handles: [42] }],
    [{ handles: [''] }],
    [{ handles: ['x'.repeat(201)] }],
    [{ handles: Array.from({ length: 51 }, () => 'poly-load-wheel') }],
  ])('refuses %j with 400', async (body) => {
    const { shopper } = cartTestApp();
    const res = await shopper.call('POST', '/checkouts/products', body);
    expect(res.status).toBe(400);
    expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
  });

  it('treats SQL metacharacters in a handle as a handle that does not exist', async () => {
    const { shopper } = cartTestApp();
    const res = await shopper.call('POST', '/checkouts/products', {
      handles: ["x' OR '1'='1", 'poly-load-wheel"; DROP TABLE products; --'],
    });
    expect(res.status).toBe(404);
  });
});

describe('discount codes', () => {
  const start = async () => {
    const ctx = cartTestApp();
    const checkout = await Shopper.checkout(await ctx.shopper.add(ctx.levels.wheel, 1));
    return { ...ctx, id: checkout.id ?? '' };
  };

  it('applies a percent code: subtotal before, discounted subtotal and total after', async () => {
    const { shopper, id } = await start();
    const res = await shopper.call('POST', `/checkouts/${id}/discountCodes?code=save10`);
    expect(res.status).toBe(200);
    expect(await Shopper.checkout(res)).toMatchObject({
      subtotalPrice: 25.99,
      discountedSubtotalPrice: 23.39,
      totalPrice: 23.39,
      discountCode: 'SAVE10',
    });
  });

  it('applies an amount code, never below 0', async () => {
    const { shopper, id } = await start();
    const five = await Shopper.checkout(
      await shopper.call('POST', `/checkouts/${id}/discountCodes?code=FIVEOFF`),
    );
    expect(five.discountedSubtotalPrice).toBe(20.99);
    const huge = await Shopper.checkout(
      await shopper.call('POST', `/checkouts/${id}/discountCodes?code=HUGE`),
    );
    expect(huge).toMatchObject({ discountedSubtotalPrice: 0, totalPrice: 0, discountCode: 'HUGE' });
  });

  it('refuses unknown and inactive codes and a subtotal under the minimum', async () => {
    const { shopper, id } = await start();
    const cases: [string, string][] = [
      ['NOPE', 'The discount code "NOPE" is not valid.'],
      ['EXPIRED', 'The discount code "EXPIRED" is not valid.'],
      ['BIGSPENDER', 'The discount code BIGSPENDER needs a subtotal of at least $200.00.'],
      ["' OR 1=1 --", 'The discount code "\' OR 1=1 --" is not valid.'],
    ];
    for (const [code, error] of cases) {
      const res = await shopper.call(
        'POST',
        `/checkouts/${id}/discountCodes?code=${encodeURIComponent(code)}`,
      );
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error });
    }
    const checkout = await shopper.cart();
    expect(checkout.discountCode).toBeNull();
  });

  it('refuses a missing or too long code with 400', async () => {
    const { shopper, id } = await start();
    for (const query of ['', '?code=', '?code=%20%20', `?code=${'A'.repeat(65)}`]) {
      const res = await shopper.call('POST', `/checkouts/${id}/discountCodes${query}`);
      expect(res.status).toBe(400);
    }
  });

  it('stops discounting when the subtotal falls under the minimum, and resumes above it', async () => {
    const { shopper, levels, id } = await start();
    await shopper.setQuantity(levels.battery, 2);
    const applied = await Shopper.checkout(
      await shopper.call('POST', `/checkouts/${id}/discountCodes?code=BIGSPENDER`),
    );
    expect(applied.discountedSubtotalPrice).toBe(305.99);
    const lowered = await Shopper.checkout(await shopper.setQuantity(levels.battery, 1));
    expect(lowered).toMatchObject({ subtotalPrice: 175.99, discountedSubtotalPrice: 175.99 });
    expect(lowered.discountCode).toBe('BIGSPENDER');
  });

  it('removes the code with DELETE', async () => {
    const { shopper, id } = await start();
    await shopper.call('POST', `/checkouts/${id}/discountCodes?code=SAVE10`);
    const wrong = await shopper.call('DELETE', `/checkouts/${id}/discountCodes?code=FIVEOFF`);
    expect(wrong.status).toBe(422);
    const res = await shopper.call('DELETE', `/checkouts/${id}/discountCodes?code=save10`);
    expect(res.status).toBe(200);
    expect(await Shopper.checkout(res)).toMatchObject({
      discountCode: null,
      discountedSubtotalPrice: 25.99,
    });
    const withoutCode = await shopper.call('DELETE', `/checkouts/${id}/discountCodes`);
    expect(withoutCode.status).toBe(200);
  });

  it("answers 'Invalid checkout.' for another checkout, no cookie or a made-up id", async () => {
    const { shopper, app, id } = await start();
    const other = new Shopper(app);
    expect((await other.call('POST', `/checkouts/${id}/discountCodes?code=SAVE10`)).status).toBe(
      404,
    );
    await other.call('POST', '/checkouts/products', { handles: ['poly-load-wheel'] });
    for (const [who, path] of [
      [other, `/checkouts/${id}/discountCodes?code=SAVE10`],
      [shopper, '/checkouts/undefined/discountCodes?code=SAVE10'],
      [shopper, `/checkouts/${id}x/discountCodes?code=SAVE10`],
    ] as const) {
      for (const method of ['POST', 'DELETE']) {
        const res = await who.call(method, path);
        await expectErrorReply(res, 404, 'Invalid checkout.');
      }
    }
  });
});

describe('GET /api/checkouts/:checkoutId/estimateShipping', () => {
  const start = async (
    lines: { inventoryLevelId: number; quantity: number }[] | 'none' = 'none',
  ) => {
    const ctx = cartTestApp();
    const body = lines === 'none' ? [{ inventoryLevelId: ctx.levels.wheel, quantity: 1 }] : lines;
    const checkout = await Shopper.checkout(
      await ctx.shopper.call('POST', '/checkouts/lineItems', { lineItems: body }),
    );
    return { ...ctx, id: checkout.id ?? '' };
  };

  it("gives the state's shipping and tax rate under the free-shipping amount", async () => {
    const { shopper, id, states } = await start();
    const res = await shopper.call(
      'GET',
      `/checkouts/${id}/estimateShipping?stateId=${states.texas}`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ shipping: 12.99, taxRate: 0.0625 });
  });

  it('is free on the mainland once the subtotal reaches the amount, not off it', async () => {
    const { shopper, levels, states } = cartTestApp();
    const checkout = await Shopper.checkout(await shopper.add(levels.chain, 20));
    const texas = await shopper.call(
      'GET',
      `/checkouts/${checkout.id}/estimateShipping?stateId=${states.texas}`,
    );
    expect(await texas.json()).toEqual({ shipping: 0, taxRate: 0.0625 });
    const hawaii = await shopper.call(
      'GET',
      `/checkouts/${checkout.id}/estimateShipping?stateId=${states.hawaii}`,
    );
    expect(await hawaii.json()).toEqual({ shipping: 49.99, taxRate: 0.04 });
  });

  it('counts the subtotal after the discount, and the exact threshold qualifies', async () => {
    const { shopper, levels, states, db } = cartTestApp();
    db.prepare("INSERT INTO settings (key, value) VALUES ('freeShippingAmount', '100')").run();
    const checkout = await Shopper.checkout(await shopper.add(levels.chain, 10));
    const path = `/checkouts/${checkout.id}/estimateShipping?stateId=${states.texas}`;
    expect(await (await shopper.call('GET', path)).json()).toEqual({
      shipping: 0,
      taxRate: 0.0625,
    });
    await shopper.call('POST', `/checkouts/${checkout.id}/discountCodes?code=FIVEOFF`);
    expect(await (await shopper.call('GET', path)).json()).toEqual({
      shipping: 12.99,
      taxRate: 0.0625,
    });
  });

  it('is never free with a product not eligible for free shipping, or when the store has none', async () => {
    const { shopper, id, states, levels, db } = await start();
    await shopper.setQuantity(levels.battery, 2);
    const path = `/checkouts/${id}/estimateShipping?stateId=${states.texas}`;
    expect(await (await shopper.call('GET', path)).json()).toEqual({
      shipping: 12.99,
      taxRate: 0.0625,
    });
    await shopper.setQuantity(levels.battery, 0);
    await shopper.setQuantity(levels.chain, 30);
    expect(await (await shopper.call('GET', path)).json()).toEqual({
      shipping: 0,
      taxRate: 0.0625,
    });
    db.prepare("INSERT INTO settings (key, value) VALUES ('freeShippingAmount', '-1')").run();
    expect(await (await shopper.call('GET', path)).json()).toEqual({
      shipping: 12.99,
      taxRate: 0.0625,
    });
  });

  it('answers 404 for an unknown state and 400 for a malformed stateId', async () => {
    const { shopper, id } = await start();
    const unknown = await shopper.call('GET', `/checkouts/${id}/estimateShipping?stateId=999`);
    await expectErrorReply(unknown, 404, 'That state was not found.');
    for (const query of [
      '',
      '?stateId=',
      '?stateId=-1',
      '?stateId=0',
      '?stateId=1.5',
      '?stateId=TX',
      '?stateId=1%20OR%201=1',
      `?stateId=${'9'.repeat(30)}`,
    ]) {
      const res = await shopper.call('GET', `/checkouts/${id}/estimateShipping${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ error: 'Choose a state to estimate shipping.' });
    }
  });

  it("answers 'Invalid checkout.' when the id is not the caller's", async () => {
    const { shopper, app, id, states } = await start();
    const stranger = new Shopper(app);
    const res = await stranger.call(
      'GET',
      `/checkouts/${id}/estimateShipping?stateId=${states.texas}`,
    );
    await expectErrorReply(res, 404, 'Invalid checkout.');
    const wrong = await shopper.call(
      'GET',
      `/checkouts/null/estimateShipping?stateId=${states.texas}`,
    );
    expect(await wrong.json()).toEqual({ error: 'Invalid checkout.' });
  });
});

describe('cart changes from another site', () => {
  // A page elsewhere can make the shopper's browser send these with the cart cookie (SameSite
  // Lax still sends it on a top-level form post); only the store's own Origin may change it.
  const changes = (id: string, level: number, lineItemId: number) =>
    [
      ['POST', '/checkouts/lineItems', { inventoryLevelId: level, quantity: 1 }],
      ['PUT', '/checkouts/lineItems', { inventoryLevelId: level, quantity: 3 }],
      ['DELETE', `/checkouts/lineItems/${lineItemId}`, undefined],
      ['POST', '/checkouts/products', { handles: ['seal-kit'] }],
      ['POST', `/checkouts/${id}/discountCodes?code=SAVE10`, undefined],
      ['DELETE', `/checkouts/${id}/discountCodes?code=SAVE10`, undefined],
    ] as const;

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['a look-alike host', { origin: 'http://localhost.evil.example' }],
    ['an empty Origin', { origin: '' }],
  ])('refuses every change from %s with 403 and changes nothing', async (_, headers) => {
    const { shopper, levels, db } = cartTestApp();
    const checkout = await Shopper.checkout(await shopper.add(levels.wheel, 1));
    const before = JSON.stringify(checkout);
    const lineItemId = checkout.LineItems[0]?.id ?? 0;
    for (const [method, path, body] of changes(checkout.id ?? '', levels.chain, lineItemId)) {
      const res = await shopper.call(method, path, body, headers);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ error: 'This request must come from the store itself.' });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(JSON.stringify(await shopper.cart())).toBe(before);
    expect(checkoutCount(db)).toBe(1);
  });

  it('refuses a change without the JSON header (a cross-site form can send that) with 415', async () => {
    const { app, levels, db } = cartTestApp();
    const res = await app.request('http://localhost/api/checkouts/lineItems', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost' },
      body: JSON.stringify({ inventoryLevelId: levels.wheel, quantity: 1 }),
    });
    expect(res.status).toBe(415);
    expect(checkoutCount(db)).toBe(0);
  });

  it('lets a refused call keep its Idempotency-Key unused', async () => {
    const { shopper, levels } = cartTestApp();
    const body = { inventoryLevelId: levels.wheel, quantity: 1 };
    const foreign = await shopper.call('POST', '/checkouts/lineItems', body, {
      origin: 'https://evil.example',
      'idempotency-key': 'k-1',
    });
    expect(foreign.status).toBe(403);
    const own = await shopper.call('POST', '/checkouts/lineItems', body, {
      'idempotency-key': 'k-1',
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('idempotent-replayed')).toBeNull();
  });

  it('still answers reads from anywhere', async () => {
    const { shopper } = cartTestApp();
    const res = await shopper.call('GET', '/checkouts', undefined, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(200);
  });
});
