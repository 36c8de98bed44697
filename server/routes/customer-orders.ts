import { Hono } from 'hono';
import { requireCustomerId } from '../accounts/guard.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import type { PurchasedPart } from '../../shared/contracts/purchased.ts';

/** An order in the customer's list (spec 2.1: /orders.asp and /account/orders/:id). */
export interface CustomerOrder {
  id: number;
  displayableId: string;
  status: string;
  /** Decimal string in dollars. */
  total: string;
  createdAt: string;
}

/** An order with its lines, for the order detail page. */
export interface CustomerOrderDetail extends CustomerOrder {
  lineItems: { title: string; sku: string; quantity: number; unitPrice: string; total: string }[];
}

interface OrderRow {
  id: number;
  displayable_id: string;
  status: string;
  total_cents: number;
  created_at: string;
}

const toOrder = (row: OrderRow): CustomerOrder => ({
  id: row.id,
  displayableId: row.displayable_id,
  status: row.status,
  total: (row.total_cents / 100).toFixed(2),
  createdAt: row.created_at,
});

/** Most parts 'Previously purchased' lists: the most recently ordered. */
export const MAX_PURCHASED = 200;

/**
 * The signed-in customer's orders (ours; the spec shows the pages, not their calls):
 * - GET /api/customer/orders -> {orders}, newest first;
 * - GET /api/customer/orders/purchased -> {parts}: each part number of their orders that did
 *   not fail, once, the most recently ordered first (at most MAX_PURCHASED), with its last
 *   quantity and price, for 'Buy again';
 * - GET /api/customer/orders/{id} -> {order} with lineItems; another customer's is 404.
 */
export function customerOrderRoutes(deps: Deps): Hono {
  const { db } = deps;
  const app = new Hono();

  app.get('/', (c) => {
    const customerId = requireCustomerId(deps, c);
    const rows = db
      .prepare(
        `SELECT id, displayable_id, status, total_cents, created_at FROM orders
         WHERE customer_id = ? ORDER BY created_at DESC, id DESC LIMIT 500`,
      )
      .all(customerId) as unknown as OrderRow[];
    c.header('Cache-Control', 'no-store');
    return c.json({ orders: rows.map(toOrder) });
  });

  app.get('/purchased', (c) => {
    const customerId = requireCustomerId(deps, c);
    // The last order of each part number wins; a failed order bought nothing.
    const rows = db
      .prepare(
        `WITH bought AS (
           SELECT l.id, l.sku, l.title, l.quantity, l.unit_price_cents, o.id AS order_id,
             o.created_at
           FROM order_line_items l JOIN orders o ON o.id = l.order_id
           WHERE o.customer_id = ? AND o.status <> 'FAILURE' AND l.sku <> ''),
         ranked AS (
           SELECT *, ROW_NUMBER() OVER (
             PARTITION BY sku ORDER BY created_at DESC, order_id DESC, id DESC) AS latest
           FROM bought),
         counted AS (SELECT sku, COUNT(DISTINCT order_id) AS orders FROM bought GROUP BY sku)
         SELECT r.sku, r.title, r.created_at AS lastOrderedAt, r.quantity AS lastQuantity,
           r.unit_price_cents AS cents, c.orders
         FROM ranked r JOIN counted c ON c.sku = r.sku
         WHERE r.latest = 1 ORDER BY lastOrderedAt DESC, r.sku LIMIT ?`,
      )
      .all(customerId, MAX_PURCHASED) as unknown as (Omit<PurchasedPart, 'lastUnitPrice'> & {
      cents: number;
    })[];
    const parts: PurchasedPart[] = rows.map(({ cents, ...part }) => ({
      sku: part.sku,
      title: part.title,
      lastOrderedAt: part.lastOrderedAt,
      lastQuantity: part.lastQuantity,
      lastUnitPrice: (cents / 100).toFixed(2),
      orders: part.orders,
    }));
    c.header('Cache-Control', 'no-store');
    return c.json({ parts });
  });

  app.get('/:id', (c) => {
    const customerId = requireCustomerId(deps, c);
    const id = pathId(c.req.param('id'), 'order');
    const row = db
      .prepare(
        'SELECT id, displayable_id, status, total_cents, created_at FROM orders WHERE id = ? AND customer_id = ?',
      )
      .get(id, customerId) as OrderRow | undefined;
    if (row === undefined) throw new HttpError(404, 'That order was not found.');
    const lines = db
      .prepare(
        'SELECT title, sku, quantity, unit_price_cents FROM order_line_items WHERE order_id = ? ORDER BY id',
      )
      .all(id) as { title: string; sku: string; quantity: number; unit_price_cents: number }[];
    const order: CustomerOrderDetail = {
      ...toOrder(row),
      lineItems: lines.map((line) => ({
        title: line.title,
        sku: line.sku,
        quantity: line.quantity,
        unitPrice: (line.unit_price_cents / 100).toFixed(2),
        total: ((line.unit_price_cents * line.quantity) / 100).toFixed(2),
      })),
    };
    c.header('Cache-Control', 'no-store');
    return c.json({ order });
  });

  return app;
}
