import type { Database } from '../db/open.ts';
import { discountCents, findDiscountCode } from './discounts.ts';
import { CURRENCY_CODE, toAmount } from './money.ts';
import type { CheckoutView, LineItemView } from '../../shared/contracts/cart.ts';

export type { CheckoutView, LineItemView };

/** One line with everything the cart rules need, money in cents. */
export interface LineRow {
  id: number;
  inventoryLevelId: number;
  variantId: number;
  productId: number;
  handle: string;
  title: string;
  variantTitle: string;
  sku: string;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  availableForSale: boolean;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
  freeShipping: boolean;
}

interface RawLine {
  id: number;
  inventory_level_id: number;
  variant_id: number;
  product_id: number;
  handle: string;
  title: string;
  variant_title: string;
  sku: string;
  image_url: string | null;
  quantity: number;
  price_cents: number;
  available_for_sale: number;
  available_quantity: number;
  bypass_negative_quantity: number;
  free_shipping: number;
}

/** The lines of a checkout in the order they were first added. */
export function checkoutLines(db: Database, checkoutId: string): LineRow[] {
  const rows = db
    .prepare(
      `SELECT li.id, li.inventory_level_id, il.variant_id, p.id AS product_id, p.handle, p.title,
         v.title AS variant_title, CASE WHEN v.sku <> '' THEN v.sku ELSE p.sku END AS sku,
         p.image_url, li.quantity, v.price_cents, v.available_for_sale, il.available_quantity,
         il.bypass_negative_quantity, p.free_shipping
       FROM checkout_line_items li
       JOIN inventory_levels il ON il.id = li.inventory_level_id
       JOIN variants v ON v.id = il.variant_id
       JOIN products p ON p.id = v.product_id
       WHERE li.checkout_id = ?
       ORDER BY li.id`,
    )
    .all(checkoutId) as unknown as RawLine[];
  return rows.map((row) => ({
    id: row.id,
    inventoryLevelId: row.inventory_level_id,
    variantId: row.variant_id,
    productId: row.product_id,
    handle: row.handle,
    title: row.title,
    variantTitle: row.variant_title,
    sku: row.sku,
    imageUrl: row.image_url,
    quantity: row.quantity,
    unitPriceCents: row.price_cents,
    availableForSale: row.available_for_sale === 1,
    availableQuantity: row.available_quantity,
    bypassNegativeQuantity: row.bypass_negative_quantity === 1,
    freeShipping: row.free_shipping === 1,
  }));
}

/** Totals of a checkout in cents. */
export interface CheckoutTotals {
  lines: LineRow[];
  totalQuantity: number;
  subtotalCents: number;
  discountCents: number;
  discountedSubtotalCents: number;
  discountCode: string | null;
}

/**
 * Lines and totals of a checkout. A stored discount code that no longer applies (inactive,
 * or the subtotal fell under its minimum) stays on the checkout but discounts nothing.
 */
export function checkoutTotals(db: Database, checkoutId: string): CheckoutTotals {
  const lines = checkoutLines(db, checkoutId);
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const stored = db.prepare('SELECT discount_code FROM checkouts WHERE id = ?').get(checkoutId) as
    { discount_code: string | null } | undefined;
  const code = stored?.discount_code ?? null;
  const discount = code === null ? 0 : discountCents(findDiscountCode(db, code), subtotalCents);
  return {
    lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    discountCents: discount,
    discountedSubtotalCents: subtotalCents - discount,
    discountCode: code,
  };
}

/** What a visitor without a checkout gets from GET /api/checkouts: no row is created. */
export function emptyCheckoutView(): CheckoutView {
  return {
    id: null,
    webUrl: null,
    LineItems: [],
    totalQuantity: 0,
    subtotalPrice: 0,
    discountedSubtotalPrice: 0,
    discountCode: null,
    totalPrice: 0,
    currencyCode: CURRENCY_CODE,
  };
}

/** The external checkout page of a checkout: its last path segment is the id (spec 3). */
export function webUrlOf(origin: string, checkoutId: string): string {
  return `${origin}/api/external-checkout/${encodeURIComponent(checkoutId)}`;
}

/** The full checkout reply for an existing checkout. */
export function checkoutView(db: Database, checkoutId: string, origin: string): CheckoutView {
  const totals = checkoutTotals(db, checkoutId);
  return {
    id: checkoutId,
    webUrl: webUrlOf(origin, checkoutId),
    LineItems: totals.lines.map((line) => ({
      id: line.id,
      inventoryLevelId: line.inventoryLevelId,
      variantId: line.variantId,
      productId: line.productId,
      productHandle: line.handle,
      title: line.title,
      variantTitle: line.variantTitle,
      sku: line.sku,
      imageUrl: line.imageUrl,
      currentQuantity: line.quantity,
      totalUnitPrice: toAmount(line.unitPriceCents),
      availableForSale: line.availableForSale,
      availableQuantity: line.availableQuantity,
      bypassNegativeQuantity: line.bypassNegativeQuantity,
    })),
    totalQuantity: totals.totalQuantity,
    subtotalPrice: toAmount(totals.subtotalCents),
    discountedSubtotalPrice: toAmount(totals.discountedSubtotalCents),
    discountCode: totals.discountCode,
    totalPrice: toAmount(totals.discountedSubtotalCents),
    currencyCode: CURRENCY_CODE,
  };
}
