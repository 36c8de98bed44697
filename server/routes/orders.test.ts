import { describe, expect, it } from 'vitest';
import { seedCartCatalogue } from '../testing/cart.ts';
import { expectErrorReply, testApp } from '../testing/app.ts';

function setup() {
  const ctx = testApp();
  seedCartCatalogue(ctx.db);
  ctx.db.exec(
    "INSERT INTO orders (id, displayable_id, total_cents) VALUES (7, 'PJ000007', 5000), (8, '12', 100)",
  );
  const productId = (
    ctx.db.prepare("SELECT id FROM products WHERE handle = 'poly-load-wheel'").get() as {
      id: number;
    }
  ).id;
  // spec storefront 7: "JSON header, no body", from the store's own pages.
  const post = (
    orderId: string,
    product: string | number,
    headers: Record<string, string> = { origin: 'http://localhost' },
  ) =>
    ctx.app.request(`http://localhost/api/orders/${orderId}/relatedProducts/${product}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
    });
  const related = () =>
    ctx.db
      .prepare('SELECT order_id, product_id FROM order_related_products ORDER BY order_id')
      .all();
  return { ...ctx, productId, post, related };
}

describe('POST /api/orders/:orderId/relatedProducts/:productId', () => {
  it('adds the product to the order by its displayable id', async () => {
    const { post, productId, related } = setup();
    const res = await post('PJ000007', productId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(related()).toEqual([{ order_id: 7, product_id: productId }]);
  });

  it('finds the order by its numeric id too', async () => {
    const { post, productId, related } = setup();
    expect((await post('7', productId)).status).toBe(200);
    expect(related()).toEqual([{ order_id: 7, product_id: productId }]);
  });

  it('prefers a displayable id that looks like a number over a numeric id', async () => {
    const { post, productId, related } = setup();
    expect((await post('12', productId)).status).toBe(200);
    expect(related()).toEqual([{ order_id: 8, product_id: productId }]);
  });

  it('is harmless to repeat', async () => {
    const { post, productId, related } = setup();
    await post('PJ000007', productId);
    const again = await post('PJ000007', productId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true });
    expect(related()).toHaveLength(1);
  });

  it('refuses a call without the JSON header, which a cross-site form can send', async () => {
    const { app, productId, related } = setup();
    const res = await app.request(
      `http://localhost/api/orders/PJ000007/relatedProducts/${productId}`,
      { method: 'POST', headers: { origin: 'http://localhost' } },
    );
    expect(res.status).toBe(415);
    expect(related()).toEqual([]);
  });

  it.each([{ origin: 'https://evil.example' }, { origin: 'null' }, {}])(
    'refuses a call with Origin %j with 403 and adds nothing',
    async (headers: Record<string, string>) => {
      const { post, productId, related } = setup();
      const res = await post('PJ000007', productId, headers);
      expect(res.status).toBe(403);
      expect(related()).toEqual([]);
    },
  );

  it.each(['PJ999999', '999', '0', '-1', "x' OR '1'='1", 'A'.repeat(65)])(
    'answers 404 JSON for the unknown order %s',
    async (orderId) => {
      const { post, productId, related } = setup();
      const res = await post(encodeURIComponent(orderId), productId);
      await expectErrorReply(res, 404, 'That order was not found.');
      expect(related()).toEqual([]);
    },
  );

  it.each(['999999', 'abc', '-3', '1.5', '0', '99999999999'])(
    'answers 404 JSON for the unknown product %s',
    async (product) => {
      const { post, related } = setup();
      const res = await post('PJ000007', product);
      expect(res.status).toBe(404);
      expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
      expect(related()).toEqual([]);
    },
  );

  it('answers other methods and paths with 404 JSON', async () => {
    const { app, productId } = setup();
    const get = await app.request(
      `http://localhost/api/orders/PJ000007/relatedProducts/${productId}`,
    );
    await expectErrorReply(get, 404, 'Not found.');
  });
});
