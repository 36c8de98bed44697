import type { Database } from '../db/open.ts';
import { transaction } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { stockRefusal } from './lines.ts';
import { htmlToText } from '../../shared/format/html-text.ts';
import { checkoutTotals } from './view.ts';

/** An order as the confirmation page shows it. */
export interface PlacedOrder {
  id: number;
  displayableId: string;
  totalCents: number;
}

/** The order a checkout became, if it was placed. */
export function orderOfCheckout(db: Database, checkoutId: string): PlacedOrder | undefined {
  const row = db
    .prepare(
      `SELECT o.id, o.displayable_id, o.total_cents FROM checkout_orders co
       JOIN orders o ON o.id = co.order_id WHERE co.checkout_id = ?`,
    )
    .get(checkoutId) as { id: number; displayable_id: string; total_cents: number } | undefined;
  return row && { id: row.id, displayableId: row.displayable_id, totalCents: row.total_cents };
}

/**
 * Turns a checkout into an order: checks every line against stock again (the catalogue may
 * have changed since it was added), copies the lines, takes the units out of stock (levels
 * with bypassNegativeQuantity may go below 0) and marks sold-out products, records the order and deletes the checkout.
 * The order belongs to `customerId` when a customer is signed in (their order list).
 * All or nothing. The order's displayable id is "PJ" and its id, zero-padded to 6 digits.
 */
export function placeOrder(
  db: Database,
  checkoutId: string,
  customerId: number | null = null,
): PlacedOrder {
  return transaction(db, () => {
    const totals = checkoutTotals(db, checkoutId);
    if (totals.lines.length === 0) throw new HttpError(422, 'Your cart is empty.');
    for (const line of totals.lines) {
      const refusal = stockRefusal(
        {
          id: line.inventoryLevelId,
          name: htmlToText(line.title),
          priceCents: line.unitPriceCents,
          availableForSale: line.availableForSale,
          availableQuantity: line.availableQuantity,
          bypassNegativeQuantity: line.bypassNegativeQuantity,
        },
        0,
        line.quantity,
      );
      if (refusal !== undefined) throw new HttpError(409, refusal);
    }
    const order = db
      .prepare(
        `INSERT INTO orders (displayable_id, total_cents, customer_id)
         VALUES ('pending-' || ?, ?, ?) RETURNING id`,
      )
      .get(checkoutId, totals.discountedSubtotalCents, customerId) as { id: number };
    const displayableId = `PJ${String(order.id).padStart(6, '0')}`;
    db.prepare('UPDATE orders SET displayable_id = ? WHERE id = ?').run(displayableId, order.id);
    const insertLine = db.prepare(
      `INSERT INTO order_line_items (order_id, inventory_level_id, title, sku, quantity,
         unit_price_cents) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const takeStock = db.prepare(
      'UPDATE inventory_levels SET available_quantity = available_quantity - ? WHERE id = ?',
    );
    // The same rule as server/catalog/write.ts: for sale when a variant is and has stock.
    const refreshAvailability = db.prepare(
      `UPDATE products SET available_for_sale = :available
       WHERE id = :id AND available_for_sale <> :available`,
    );
    const stillAvailable = db.prepare(
      `SELECT EXISTS (SELECT 1 FROM variants v JOIN inventory_levels il ON il.variant_id = v.id
         WHERE v.product_id = ? AND v.available_for_sale = 1
           AND (il.bypass_negative_quantity = 1 OR il.available_quantity > 0)) AS available`,
    );
    for (const line of totals.lines) {
      const title =
        line.variantTitle === 'Default Title' ? line.title : `${line.title} (${line.variantTitle})`;
      insertLine.run(
        order.id,
        line.inventoryLevelId,
        htmlToText(title),
        line.sku,
        line.quantity,
        line.unitPriceCents,
      );
      takeStock.run(line.quantity, line.inventoryLevelId);
    }
    // Only a product that sold out changes (and so enters the change feed for a rebuild).
    for (const productId of new Set(totals.lines.map((line) => line.productId))) {
      const { available } = stillAvailable.get(productId) as { available: number };
      refreshAvailability.run({ id: productId, available });
    }
    db.prepare('INSERT INTO checkout_orders (checkout_id, order_id) VALUES (?, ?)').run(
      checkoutId,
      order.id,
    );
    db.prepare('DELETE FROM checkouts WHERE id = ?').run(checkoutId);
    return { id: order.id, displayableId, totalCents: totals.discountedSubtotalCents };
  });
}
