/**
 * Saved lists (issue 32, item 9): named lists of part numbers and quantities a buyer orders
 * again and again ('Dock 3 monthly', 'Spares van'). A signed-in customer keeps several in the
 * account (/api/customer/lists); a guest has one in the browser, under GUEST_LIST_KEY, offered
 * to the account on sign-in. A list goes to the quick-order pad whole, where each line is
 * resolved again: a price or stock changed since it was saved shows there, never a blind add.
 *
 * Read by hand, without a schema library, as the fleet is (shared/fitment/fleet.ts): the
 * browser reads what it stored and what the account sent with the same reader the server uses
 * on a body.
 */
import { partKey } from './cross-reference.ts';
import { MAX_ORDER_QUANTITY, MAX_PART_LENGTH, MAX_RESOLVE_LINES } from './order-limits.ts';

/** Most lists one account keeps. */
export const LISTS_MAX = 50;
/** Most lines one list holds: what one trip through the pad resolves. */
export const LIST_LINES_MAX = MAX_RESOLVE_LINES;
/** Longest list name. */
export const LIST_NAME_MAX = 60;
/** Where a guest's list is kept in the browser. */
export const GUEST_LIST_KEY = 'partList';
/** The name a guest's list takes in the account when it is saved there. */
export const GUEST_LIST_NAME = 'My list';

/** One line of a list: a part number and how many, with the product chosen when it was saved. */
export interface ListLine {
  /** The number as the pad resolves it: the part's own, or the one the buyer typed. */
  part: string;
  quantity: number;
  /** The product picked when two parts share the number (the pad's 'choose one'). */
  productId?: number;
  /** The option picked for a product with options. */
  variantId?: number;
}

/** A list as the account's index shows it. */
export interface ListSummary {
  id: number;
  name: string;
  /** How many lines it holds. */
  lineCount: number;
  updatedAt: string;
}

/** A list with its lines. */
export interface PartList {
  id: number;
  name: string;
  updatedAt: string;
  lines: ListLine[];
}

const positiveId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * One line as stored or sent, or undefined when it does not read: a part number of 1 to
 * MAX_PART_LENGTH characters with a letter or digit in it (trimmed), a whole quantity from 1
 * to MAX_ORDER_QUANTITY, and the optional product and variant ids.
 * @example readListLine({ part: ' 85288-001 ', quantity: 2 }) // { part: '85288-001', quantity: 2 }
 */
export function readListLine(raw: unknown): ListLine | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { part, quantity, productId, variantId } = raw as Record<string, unknown>;
  if (typeof part !== 'string') return undefined;
  const number = part.trim();
  if (number.length > MAX_PART_LENGTH || partKey(number) === '') return undefined;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity)) return undefined;
  if (quantity < 1 || quantity > MAX_ORDER_QUANTITY) return undefined;
  if (productId !== undefined && !positiveId(productId)) return undefined;
  if (variantId !== undefined && !positiveId(variantId)) return undefined;
  return {
    part: number,
    quantity,
    ...(productId === undefined ? {} : { productId }),
    ...(variantId === undefined ? {} : { variantId }),
  };
}

/** A list name trimmed, or undefined when it is empty or longer than LIST_NAME_MAX. */
export function readListName(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const name = raw.trim().replace(/\s+/g, ' ');
  return name === '' || name.length > LIST_NAME_MAX ? undefined : name;
}

/** Two names are one list's when they differ only in case and spacing. */
export const listNameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A line's key: its number as the store compares numbers, and the product picked. */
const lineKey = (line: ListLine) =>
  `${partKey(line.part)}#${String(line.productId ?? '')}#${String(line.variantId ?? '')}`;

/**
 * `lines` with `added` put in: a line already there (the same number in any spelling, the
 * same product and option) adds its quantity, up to MAX_ORDER_QUANTITY; a new one comes last.
 * Past LIST_LINES_MAX lines, new ones are left out and counted.
 * @example mergeLines([{ part: '85288-001', quantity: 1 }], [{ part: '85288 001', quantity: 2 }]).lines[0]?.quantity // 3
 */
export function mergeLines(
  lines: readonly ListLine[],
  added: readonly ListLine[],
): { lines: ListLine[]; leftOut: number } {
  const next = lines.map((line) => ({ ...line }));
  const byKey = new Map(next.map((line) => [lineKey(line), line]));
  let leftOut = 0;
  for (const line of added) {
    const key = lineKey(line);
    const there = byKey.get(key);
    if (there) {
      there.quantity = Math.min(MAX_ORDER_QUANTITY, there.quantity + line.quantity);
    } else if (next.length >= LIST_LINES_MAX) {
      leftOut += 1;
    } else {
      const copy = { ...line, quantity: Math.min(MAX_ORDER_QUANTITY, line.quantity) };
      next.push(copy);
      byKey.set(key, copy);
    }
  }
  return { lines: next, leftOut };
}

/**
 * Lines from parsed JSON (a stored guest list, an account's reply): a line that does not read
 * is dropped and the others kept, as they would merge.
 */
export function readListLines(raw: unknown): ListLine[] {
  if (!Array.isArray(raw)) return [];
  const lines = raw
    .slice(0, LIST_LINES_MAX * 2)
    .map(readListLine)
    .filter((line): line is ListLine => line !== undefined);
  return mergeLines([], lines).lines;
}

/** A list from an account's reply, or undefined. */
export function readPartList(raw: unknown): PartList | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { id, name, updatedAt, lines } = raw as Record<string, unknown>;
  const readName = readListName(name);
  if (!positiveId(id) || readName === undefined || typeof updatedAt !== 'string') return undefined;
  return { id, name: readName, updatedAt, lines: readListLines(lines) };
}

/** A list summary from an account's reply, or undefined. */
export function readListSummary(raw: unknown): ListSummary | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { id, name, lineCount, updatedAt } = raw as Record<string, unknown>;
  const readName = readListName(name);
  if (!positiveId(id) || readName === undefined || typeof updatedAt !== 'string') return undefined;
  if (typeof lineCount !== 'number' || !Number.isInteger(lineCount) || lineCount < 0) {
    return undefined;
  }
  return { id, name: readName, lineCount, updatedAt };
}

/**
 * A name for a guest's list saved to an account that has a list by that name already:
 * 'My list', then 'My list (2)', 'My list (3)'.
 */
export function freeName(wanted: string, taken: readonly string[]): string {
  const keys = new Set(taken.map(listNameKey));
  if (!keys.has(listNameKey(wanted))) return wanted;
  for (let n = 2; ; n += 1) {
    const name = `${wanted} (${String(n)})`;
    if (!keys.has(listNameKey(name))) return name;
  }
}
