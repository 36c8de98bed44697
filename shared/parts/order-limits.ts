/**
 * The quick order's limits (issue 32), in a module without zod so that the pad's line reader
 * (src/lib/quick-order) and the resolve call's contract (shared/contracts/quick-order.ts) share
 * them without the browser loading a schema library.
 */

/** Most lines one resolve call takes, and most parts one order holds. */
export const MAX_RESOLVE_LINES = 500;
/** Longest part number read from a line (a variant's sku holds 100 characters). */
export const MAX_PART_LENGTH = 100;
/** Most 'did you mean' numbers offered for a number the store does not know. */
export const MAX_SUGGESTIONS = 3;

// The cart's own limits (shared/contracts/cart.ts; a test holds them equal), here too so the
// quick order's modules do not share the cart contract's module with the product pages' islands:
// the bundler would split it into a chunk of its own, bytes on every product page.
/** Most of one item a cart line holds (MAX_LINE_QUANTITY). */
export const MAX_ORDER_QUANTITY = 9999;
/** Most lines one cart call adds (MAX_LINES_PER_CALL): the pad's chunk. */
export const BATCH_LINES = 100;
