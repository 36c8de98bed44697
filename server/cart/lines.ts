import type { Database } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { MAX_LINE_QUANTITY, type WantedLine } from './input.ts';
import type { LineResult } from '../../shared/contracts/cart.ts';
import { soldOnline } from '../../shared/call-for-price.ts';
import { htmlToText } from '../../shared/format/html-text.ts';

/** What the stock rules need to know about one inventory level. */
export interface LevelInfo {
  id: number;
  /** Product title, plus the variant's when it has a real one, as plain text. */
  name: string;
  /** The variant's price in cents: 0 is not sold online (call-for-price.ts). */
  priceCents: number;
  availableForSale: boolean;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
}

interface RawLevel {
  id: number;
  title: string;
  variant_title: string;
  price_cents: number;
  available_for_sale: number;
  available_quantity: number;
  bypass_negative_quantity: number;
}

const LEVEL_SQL = `SELECT il.id, p.title, v.title AS variant_title, v.price_cents, v.available_for_sale,
    il.available_quantity, il.bypass_negative_quantity
  FROM inventory_levels il JOIN variants v ON v.id = il.variant_id
  JOIN products p ON p.id = v.product_id`;

function toLevel(row: RawLevel): LevelInfo {
  const title = htmlToText(row.title);
  const variant = htmlToText(row.variant_title);
  const named = variant !== '' && variant !== 'Default Title' && variant !== title;
  return {
    id: row.id,
    name: named ? `${title} (${variant})` : title,
    priceCents: row.price_cents,
    availableForSale: row.available_for_sale === 1,
    availableQuantity: row.available_quantity,
    bypassNegativeQuantity: row.bypass_negative_quantity === 1,
  };
}

/** The inventory level with this id, or a 404 a shopper can read. */
export function findLevel(db: Database, id: number): LevelInfo {
  const row = db.prepare(`${LEVEL_SQL} WHERE il.id = ?`).get(id) as RawLevel | undefined;
  if (row === undefined) {
    throw new HttpError(404, 'That item was not found. It may have been removed from the store.');
  }
  return toLevel(row);
}

/** The inventory levels of a product's variants, first variant first. */
export function productLevels(db: Database, productId: number): LevelInfo[] {
  const rows = db
    .prepare(`${LEVEL_SQL} WHERE p.id = ? ORDER BY v.variant_position, v.id, il.id`)
    .all(productId) as unknown as RawLevel[];
  return rows.map(toLevel);
}

/** How many units of this level the checkout holds (0 when it has no such line). */
export function quantityInCart(db: Database, checkoutId: string, levelId: number): number {
  const row = db
    .prepare(
      'SELECT quantity FROM checkout_line_items WHERE checkout_id = ? AND inventory_level_id = ?',
    )
    .get(checkoutId, levelId) as { quantity: number } | undefined;
  return row?.quantity ?? 0;
}

/** Why an item priced 0 is refused: its price is asked by phone (call-for-price.ts). */
export const callForPriceRefusal = (name: string): string =>
  `Please call us for the price of ${name}: it cannot be bought online.`;

/**
 * Why a line of this level may not go from `current` to `wanted` units, or undefined when it
 * may. Lowering a quantity is always allowed, so a shopper can shrink a line whose stock fell.
 * spec: storefront 5, remaining quantity = available minus in cart, unlimited with
 * bypassNegativeQuantity; 'Item is not available for sale'; "Can't add more than {available}".
 * A price of 0 is never sold online, whatever a client sends (issue 29: no $0 line).
 */
export function stockRefusal(
  level: LevelInfo,
  current: number,
  wanted: number,
): string | undefined {
  if (wanted <= current) return undefined;
  if (!level.availableForSale) return `Item is not available for sale: ${level.name}.`;
  if (!soldOnline(level.priceCents)) return callForPriceRefusal(level.name);
  if (wanted > MAX_LINE_QUANTITY) {
    return `You can have at most ${MAX_LINE_QUANTITY} of ${level.name} in your cart.`;
  }
  if (level.bypassNegativeQuantity || wanted <= level.availableQuantity) return undefined;
  if (level.availableQuantity <= 0) return `${level.name} is out of stock.`;
  const already = current > 0 ? ` You already have ${current} in your cart.` : '';
  return `Can't add more than ${level.availableQuantity} of ${level.name}: only ${level.availableQuantity} in stock.${already}`;
}

function writeQuantity(db: Database, checkoutId: string, levelId: number, quantity: number) {
  if (quantity === 0) {
    db.prepare(
      'DELETE FROM checkout_line_items WHERE checkout_id = ? AND inventory_level_id = ?',
    ).run(checkoutId, levelId);
    return;
  }
  // The line keeps its id (and so its place in the cart) when only its quantity changes.
  db.prepare(
    `INSERT INTO checkout_line_items (checkout_id, inventory_level_id, quantity) VALUES (?, ?, ?)
     ON CONFLICT (checkout_id, inventory_level_id) DO UPDATE SET quantity = excluded.quantity`,
  ).run(checkoutId, levelId, quantity);
}

function touch(db: Database, checkoutId: string) {
  db.prepare(
    "UPDATE checkouts SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?",
  ).run(checkoutId);
}

/**
 * Adds lines (spec storefront 4: adding the same inventory level increases its quantity).
 * All or nothing: the caller runs it in a transaction, and the first refusal throws.
 */
export function addLines(db: Database, checkoutId: string, wanted: readonly WantedLine[]): void {
  const totals = new Map<number, number>();
  for (const line of wanted) {
    totals.set(line.inventoryLevelId, (totals.get(line.inventoryLevelId) ?? 0) + line.quantity);
  }
  for (const [levelId, quantity] of totals) {
    const level = findLevel(db, levelId);
    const current = quantityInCart(db, checkoutId, levelId);
    const refusal = stockRefusal(level, current, current + quantity);
    if (refusal !== undefined) throw new HttpError(422, refusal);
    writeQuantity(db, checkoutId, levelId, current + quantity);
  }
  touch(db, checkoutId);
}

/**
 * Adds each line it can and refuses the others, one result per line in order (issue 32,
 * item 5: a quick order's valid rows go to the cart, the rest stay with their reason). Runs in
 * the caller's transaction; the same level twice counts both against its stock.
 */
export function addLinesEach(
  db: Database,
  checkoutId: string,
  wanted: readonly WantedLine[],
): LineResult[] {
  const results = wanted.map((line): LineResult => {
    const { inventoryLevelId, quantity } = line;
    let level: LevelInfo;
    try {
      level = findLevel(db, inventoryLevelId);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { inventoryLevelId, quantity, added: false, error: error.message };
    }
    const current = quantityInCart(db, checkoutId, level.id);
    const refusal = stockRefusal(level, current, current + quantity);
    if (refusal !== undefined) return { inventoryLevelId, quantity, added: false, error: refusal };
    writeQuantity(db, checkoutId, level.id, current + quantity);
    return { inventoryLevelId, quantity, added: true };
  });
  touch(db, checkoutId);
  return results;
}

/** Sets the quantity of a level's line; 0 removes the line, and a new level adds one. */
export function setLine(db: Database, checkoutId: string, wanted: WantedLine): void {
  const level = findLevel(db, wanted.inventoryLevelId);
  const current = quantityInCart(db, checkoutId, level.id);
  const refusal = stockRefusal(level, current, wanted.quantity);
  if (refusal !== undefined) throw new HttpError(422, refusal);
  writeQuantity(db, checkoutId, level.id, wanted.quantity);
  touch(db, checkoutId);
}

/** Removes a line by its id (spec storefront 4: removal is by line item id); 404 if not ours. */
export function removeLine(db: Database, checkoutId: string | undefined, lineItemId: number): void {
  const removed =
    checkoutId === undefined
      ? 0
      : db
          .prepare('DELETE FROM checkout_line_items WHERE id = ? AND checkout_id = ?')
          .run(lineItemId, checkoutId).changes;
  if (removed === 0) throw new HttpError(404, 'That item is not in your cart.');
  if (checkoutId !== undefined) touch(db, checkoutId);
}

/**
 * Adds one unit of each product's first variant that can still take one (for sale, and in
 * stock after what the cart already holds, or bypassNegativeQuantity). A handle given twice
 * adds two units.
 */
export function addProducts(db: Database, checkoutId: string, handles: readonly string[]): void {
  const pending = new Map<number, number>();
  for (const handle of handles) {
    const product = db.prepare('SELECT id, title FROM products WHERE handle = ?').get(handle) as
      { id: number; title: string } | undefined;
    if (product === undefined) {
      throw new HttpError(404, `No product with the handle "${handle.slice(0, 200)}" was found.`);
    }
    const levels = productLevels(db, product.id);
    const chosen = levels.find((level) => {
      const held = quantityInCart(db, checkoutId, level.id) + (pending.get(level.id) ?? 0);
      return stockRefusal(level, held, held + 1) === undefined;
    });
    if (chosen === undefined) {
      const name = htmlToText(product.title);
      const forSale = levels.filter((level) => level.availableForSale);
      throw new HttpError(
        422,
        forSale.length === 0
          ? `Item is not available for sale: ${name}.`
          : forSale.some((level) => soldOnline(level.priceCents))
            ? `${name} is out of stock.`
            : callForPriceRefusal(name),
      );
    }
    pending.set(chosen.id, (pending.get(chosen.id) ?? 0) + 1);
  }
  addLines(
    db,
    checkoutId,
    [...pending].map(([inventoryLevelId, quantity]) => ({ inventoryLevelId, quantity })),
  );
}
