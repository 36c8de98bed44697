import type { Database } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { formatCents } from './money.ts';

/** A row of the discount_codes table. */
export interface DiscountCode {
  code: string;
  kind: 'percent' | 'amount';
  /** Percent (10 = 10 %) or an amount in cents. */
  value: number;
  minimumSubtotalCents: number;
  active: boolean;
}

/** The discount code with this name (case-insensitive), or undefined. */
export function findDiscountCode(db: Database, code: string): DiscountCode | undefined {
  const row = db
    .prepare(
      'SELECT code, kind, value, minimum_subtotal_cents, active FROM discount_codes WHERE code = ?',
    )
    .get(code) as
    | { code: string; kind: string; value: number; minimum_subtotal_cents: number; active: number }
    | undefined;
  if (row === undefined) return undefined;
  return {
    code: row.code,
    kind: row.kind === 'percent' ? 'percent' : 'amount',
    value: row.value,
    minimumSubtotalCents: row.minimum_subtotal_cents,
    active: row.active === 1,
  };
}

/**
 * Why this code cannot apply to a cart with this subtotal, in words for the shopper, or
 * undefined when it can.
 */
export function discountRefusal(
  discount: DiscountCode | undefined,
  subtotalCents: number,
  asked: string,
): string | undefined {
  if (discount === undefined || !discount.active) {
    return `The discount code "${asked}" is not valid.`;
  }
  if (subtotalCents < discount.minimumSubtotalCents) {
    return `The discount code ${discount.code} needs a subtotal of at least ${formatCents(discount.minimumSubtotalCents)}.`;
  }
  return undefined;
}

/**
 * The discount in cents for a subtotal: a percentage rounded to the cent, or a fixed amount,
 * never more than the subtotal and 0 when the code does not (or no longer) apply.
 *
 * @example discountCents({ kind: 'percent', value: 10, ... }, 2599) // 260
 */
export function discountCents(discount: DiscountCode | undefined, subtotalCents: number): number {
  if (discount === undefined || discountRefusal(discount, subtotalCents, discount.code)) return 0;
  const raw =
    discount.kind === 'percent'
      ? Math.round((subtotalCents * Math.min(Math.max(discount.value, 0), 100)) / 100)
      : Math.max(discount.value, 0);
  return Math.min(raw, subtotalCents);
}

/** Normalises the ?code= parameter: trimmed, 1 to 64 characters, else a 400. */
export function readCodeParam(raw: string | undefined): string {
  const code = raw?.trim() ?? '';
  if (code === '') throw new HttpError(400, 'Enter a discount code.');
  if (code.length > 64) throw new HttpError(400, 'That discount code is too long.');
  return code;
}
