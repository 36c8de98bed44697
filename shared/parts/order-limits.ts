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
