import { Hono } from 'hono';
import { requireCustomerId } from '../accounts/guard.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { pathId } from '../http/input.ts';

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

/**
 * The signed-in customer's orders (ours; the spec shows the pages, not their calls):
 * - GET /api/customer/orders -> {orders}, newest first;
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
