import type { ResolvedLine } from '../../../shared/contracts/quick-order.ts';
import { partKey } from '../../../shared/parts/cross-reference.ts';
import { MAX_ORDER_QUANTITY, MAX_RESOLVE_LINES } from '../../../shared/parts/order-limits.ts';
import { parseOrderText, type LineProblem } from './parse-lines.ts';
import type { NewLine } from './pad-link.ts';

export { padLink, PAD_PATH, type NewLine } from './pad-link.ts';

/**
 * The quick-order pad's rows (issue 32, items 1, 2 and 4): what paste, file and typing feed
 * into the one review table, kept in the browser (src/stores/quick-order.ts), and how each row
 * reads once the store has resolved it. Pure: the island renders it.
 */

/** A row of the review table: a part number and quantity, with the shopper's choices. */
export interface PadRow {
  /** Stable for the row's life (React's key, the resolve answer's). */
  id: string;
  part: string;
  quantity: number;
  /** The product chosen among candidates, or the part a superseded one names. */
  productId?: number;
  /** The variant picked in the row's option picker. */
  variantId?: number;
  /** The unit price paid last time, for a row from 'Buy again' (issue 32, item 8). */
  was?: number;
}

let counter = 0;
const newId = () => `r${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * `rows` with `lines` added: a number already in the table (by partKey) adds its quantity,
 * unless the line names another product than the row chose; a new one comes last. Past MAX_RESOLVE_LINES rows, new numbers are left out and counted.
 */
export function addRows(
  rows: readonly PadRow[],
  lines: readonly NewLine[],
): { rows: PadRow[]; leftOut: number } {
  const next = rows.map((row) => ({ ...row }));
  const byKey = new Map<string, PadRow[]>();
  for (const row of next)
    byKey.set(partKey(row.part), [...(byKey.get(partKey(row.part)) ?? []), row]);
  let leftOut = 0;
  for (const { part, quantity, was, productId, variantId } of lines) {
    const key = partKey(part);
    if (!key) continue;
    // A line that names its product (a saved list's) joins a row of that product, or of none
    // chosen yet; two parts sharing the number stay two rows.
    const row = byKey
      .get(key)
      ?.find(
        (r) => productId === undefined || r.productId === undefined || r.productId === productId,
      );
    if (row) {
      row.quantity = Math.min(MAX_ORDER_QUANTITY, row.quantity + quantity);
      if (row.productId === undefined && productId !== undefined) {
        row.productId = productId;
        if (variantId !== undefined) row.variantId = variantId;
      }
    } else if (next.length >= MAX_RESOLVE_LINES) {
      leftOut += 1;
    } else {
      const added: PadRow = {
        id: newId(),
        part,
        quantity: Math.min(MAX_ORDER_QUANTITY, quantity),
        ...(was === undefined ? {} : { was }),
        ...(productId === undefined ? {} : { productId }),
        ...(variantId === undefined ? {} : { variantId }),
      };
      next.push(added);
      byKey.set(key, [...(byKey.get(key) ?? []), added]);
    }
  }
  return { rows: next, leftOut };
}

/** `rows` with row `id` changed by `change`. */
export const updateRow = (
  rows: readonly PadRow[],
  id: string,
  change: (row: PadRow) => PadRow,
): PadRow[] => rows.map((row) => (row.id === id ? change(row) : row));

/** The row's number replaced: its choices were for the old one. */
export const withPart = (row: PadRow, part: string): PadRow => ({
  id: row.id,
  part,
  quantity: row.quantity,
});

/** How one row stands, as the table shows it. */
export interface RowView {
  /** 'ready' rows go to the cart; the others need the shopper (or the store) first. */
  state: 'ready' | 'needs' | 'waiting';
  /** What the row says beside the product, in the shopper's words. */
  message: string;
}

/** Said of rows while the store cannot be reached. */
export const OFFLINE_NOTE = 'Price and stock will be checked when the store answers.';

/**
 * A row's state and words from the store's answer (undefined: not asked yet, or the store
 * could not be reached: `offline`).
 */
export function rowView(line: ResolvedLine | undefined, offline: boolean): RowView {
  if (!line) return { state: 'waiting', message: offline ? OFFLINE_NOTE : 'Checking…' };
  switch (line.status) {
    case 'resolved': {
      if (line.problem) return { state: 'needs', message: line.problem };
      const notes: string[] = [];
      if (line.reference) {
        const verb = line.reference.relation === 'replaces' ? 'Replaces' : 'Interchangeable with';
        notes.push(`${verb} ${line.reference.brand} ${line.reference.number}, check.`);
      }
      if (line.supersededBy) notes.push(`Replaced by ${line.supersededBy.sku}, use it?`);
      return { state: 'ready', message: notes.join(' ') };
    }
    case 'options':
      return { state: 'needs', message: `Choose the ${line.options.join(' and ').toLowerCase()}.` };
    case 'choose':
      return {
        state: 'needs',
        message: `${String(line.candidates.length)} makers use this number: choose one.`,
      };
    case 'unknown':
      return {
        state: 'needs',
        message:
          line.suggestions.length > 0
            ? 'No part has this number. Did you mean:'
            : 'No part has this number. Check it, or ask us.',
      };
  }
}

/** Most rows one announcement names; the rest are counted. */
export const ANNOUNCED_ROWS = 5;

/**
 * What a screen reader is told once the rows are checked (issue 32, item 6: row errors are
 * announced): each row that needs the shopper and was not said so before, by its part number
 * and reason, up to ANNOUNCED_ROWS and then a count. `said` is what was announced last time
 * (row id to words); the result's `said` replaces it. Nothing new: '' (nothing is repeated).
 * @example rowAnnouncement(new Map(), [{ id: 'a', part: 'X-1', message: 'No part has this number.' }]).text // 'X-1: No part has this number.'
 */
export function rowAnnouncement(
  said: ReadonlyMap<string, string>,
  needs: readonly { id: string; part: string; message: string }[],
): { said: Map<string, string>; text: string } {
  const now = new Map(needs.map((row) => [row.id, `${row.part}: ${row.message}`]));
  const fresh = [...now].filter(([id, words]) => said.get(id) !== words).map(([, words]) => words);
  const more = fresh.length - ANNOUNCED_ROWS;
  const text = [
    ...fresh.slice(0, ANNOUNCED_ROWS),
    more > 0 ? `${String(more)} more ${more === 1 ? 'row needs' : 'rows need'} you.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return { said: now, text };
}

/**
 * The summary after an add: "38 of 40 lines added, 2 need you" (issue 32, item 4), never a
 * success that hides a row left behind.
 */
export function addSummary(added: number, total: number): string {
  const lines = (n: number) => `${String(n)} ${n === 1 ? 'line' : 'lines'}`;
  const left = total - added;
  if (left === 0) return `${lines(added)} added to your cart.`;
  return `${String(added)} of ${lines(total)} added, ${String(left)} ${left === 1 ? 'needs' : 'need'} you.`;
}

/**
 * 'Buy again' (issue 32, item 8): what changed since the last order, so a re-order is not
 * blind: '' when the price is the same (to the cent) or the row is not resolved.
 * @example priceNote(line, 12.5, (n) => `$${n.toFixed(2)}`) // 'You paid $12.50 last time; it is $13.75 now.'
 */
export function priceNote(
  line: ResolvedLine | undefined,
  was: number | undefined,
  money: (amount: number) => string,
): string {
  if (was === undefined || line?.status !== 'resolved') return '';
  const now = line.variant.price;
  if (Math.round(now * 100) === Math.round(was * 100)) return '';
  return `You paid ${money(was)} last time; it is ${money(now)} now.`;
}

/**
 * The lines of a pad link's query (padLink), read as a paste is: each with the price paid
 * for it when the link gives one.
 */
export function readPadLink(search: string): { lines: NewLine[]; problems: LineProblem[] } {
  const query = new URLSearchParams(search);
  const text = query.get('lines');
  if (!text) return { lines: [], problems: [] };
  const paid = (query.get('was') ?? '').split(',').map((value) => {
    const price = Number(value);
    return value !== '' && Number.isFinite(price) && price >= 0 ? price : undefined;
  });
  const parsed = parseOrderText(text);
  return {
    lines: parsed.lines.map((line) => {
      const was = paid[(line.sourceLines[0] ?? 0) - 1];
      return { part: line.part, quantity: line.quantity, ...(was === undefined ? {} : { was }) };
    }),
    problems: parsed.problems,
  };
}
