import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import {
  MAX_ORDER_QUANTITY,
  MAX_PART_LENGTH,
  MAX_RESOLVE_LINES,
} from '../../shared/parts/order-limits.ts';
import type { PadRow } from '../lib/quick-order/pad.ts';
import { ApiError, DEFAULT_ERROR, sendJson } from '../lib/api/client.ts';
import type { ResolvedLine } from '../../shared/contracts/quick-order.ts';
import { readResolveReply } from '../lib/quick-order/resolve-reply.ts';

/** Where the pad keeps its rows (issue 32, item 6: it survives reloads, in this browser). */
export const QUICK_ORDER_KEY = 'quickOrder';

const whole = (value: unknown, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;

/**
 * The rows as stored, each checked: a row another version wrote, or a hand edit, that does not
 * hold a part and a quantity is dropped, never shown as an order.
 */
export function decodeRows(text: string): PadRow[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, MAX_RESOLVE_LINES).flatMap((item: unknown): PadRow[] => {
    if (typeof item !== 'object' || item === null) return [];
    const row = item as Record<string, unknown>;
    const { id, part, quantity, productId, variantId, was } = row;
    if (typeof id !== 'string' || typeof part !== 'string') return [];
    if (part.trim() === '' || part.length > MAX_PART_LENGTH) return [];
    if (!whole(quantity, MAX_ORDER_QUANTITY)) return [];
    return [
      {
        id,
        part,
        quantity: quantity as number,
        ...(whole(productId, Number.MAX_SAFE_INTEGER) ? { productId: productId as number } : {}),
        ...(whole(variantId, Number.MAX_SAFE_INTEGER) ? { variantId: variantId as number } : {}),
        ...(typeof was === 'number' && Number.isFinite(was) && was >= 0 ? { was } : {}),
      },
    ];
  });
}

/** The pad's rows; another tab's changes arrive through the storage event. */
export const $padRows: WritableAtom<PadRow[]> = persistentAtom<PadRow[]>(QUICK_ORDER_KEY, [], {
  encode: JSON.stringify,
  decode: decodeRows,
});

/** Said when the store cannot be reached: the list waits, safe in this browser. */
export const KEPT_OFFLINE = 'Your list is kept in this browser.';

/**
 * The store's answer for each row, in order (POST /api/quick-order/resolve); a failure is a
 * QuickOrderUnavailable with words for the shopper.
 */
export async function resolvePadRows(
  rows: readonly PadRow[],
  signal: AbortSignal,
): Promise<ResolvedLine[]> {
  const lines = rows.map(({ part, quantity, productId, variantId }) => ({
    part,
    quantity,
    ...(productId === undefined ? {} : { productId }),
    ...(variantId === undefined ? {} : { variantId }),
  }));
  try {
    const reply = await sendJson<unknown>('POST', RESOLVE_PATH, { lines }, { signal });
    const resolved = readResolveReply(reply);
    if (!resolved) throw new QuickOrderUnavailable(DEFAULT_ERROR);
    return resolved;
  } catch (error) {
    if (error instanceof QuickOrderUnavailable || signal.aborted) throw error;
    throw new QuickOrderUnavailable(
      error instanceof ApiError && !error.unreachable ? error.message : KEPT_OFFLINE,
    );
  }
}

const RESOLVE_PATH = '/api/quick-order/resolve';

/** The store could not resolve the list; `message` says so in the shopper's words. */
export class QuickOrderUnavailable extends Error {}
