import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import {
  freeName,
  GUEST_LIST_KEY,
  GUEST_LIST_NAME,
  LIST_LINES_MAX,
  mergeLines,
  readListLines,
  readListSummary,
  readPartList,
  type ListLine,
  type ListSummary,
  type PartList,
} from '../../shared/parts/part-list.ts';
import { accountCall } from '../lib/account/api.ts';
import { browserError, requestJson, type RequestJson } from '../lib/api/client.ts';
import { addRows, type PadRow } from '../lib/quick-order/pad.ts';
import { $padRows } from './quick-order.ts';

export type { ListLine, ListSummary, PartList };

/**
 * Saved lists (issue 32, item 9). A guest has one list, kept in this browser under
 * GUEST_LIST_KEY (every tab's copy in step through the storage event); a signed-in customer
 * keeps named lists in the account (/api/customer/lists), and is offered the browser's list
 * there. Lists go to the quick-order pad, which resolves every line again.
 */
export const $guestList: WritableAtom<ListLine[]> = persistentAtom<ListLine[]>(GUEST_LIST_KEY, [], {
  encode: JSON.stringify,
  decode: (text) => {
    try {
      return readListLines(JSON.parse(text));
    } catch {
      return [];
    }
  },
});

/** The words when a list is full. */
export const leftOutText = (leftOut: number) =>
  `${String(leftOut)} ${leftOut === 1 ? 'line was' : 'lines were'} left out: a list holds ${String(LIST_LINES_MAX)}.`;

/** Adds lines to the guest's list; how many did not fit. */
export function addToGuestList(lines: readonly ListLine[]): number {
  const { lines: next, leftOut } = mergeLines($guestList.get(), lines);
  $guestList.set(next);
  return leftOut;
}

/** The account's side: every call throws an Error with words for the shopper on failure. */
export interface AccountLists {
  lists(): Promise<ListSummary[]>;
  list(id: number): Promise<PartList>;
  create(name: string, lines?: readonly ListLine[]): Promise<PartList>;
  change(id: number, change: { name?: string; lines?: readonly ListLine[] }): Promise<PartList>;
  add(id: number, lines: readonly ListLine[]): Promise<PartList>;
  remove(id: number): Promise<void>;
  /**
   * Saves the browser's list to the account as a new list ('My list', or 'My list (2)' when
   * that name is taken) and empties the browser's; the new list, or undefined when there was
   * nothing to save.
   */
  keepGuestList(): Promise<PartList | undefined>;
}

const BASE = '/api/customer/lists';

const readOrThrow = <T>(value: T | undefined): T => {
  if (value === undefined) throw new Error('The store sent a list we could not read.');
  return value;
};

/** The account lists bound to a client (tests pass one bound to the reference API). */
export function createAccountLists(
  request: RequestJson = requestJson,
  guest: WritableAtom<ListLine[]> = $guestList,
): AccountLists {
  const call = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
    accountCall<{ list?: unknown; lists?: unknown }>(method, path, body, {}, request);
  const one = async (reply: Promise<{ list?: unknown }>) =>
    readOrThrow(readPartList((await reply).list));
  const lists: AccountLists = {
    async lists() {
      const { lists: raw } = await call('GET', BASE);
      if (!Array.isArray(raw)) throw new Error('The store sent lists we could not read.');
      return raw.flatMap((item) => readListSummary(item) ?? []);
    },
    list: (id) => one(call('GET', `${BASE}/${String(id)}`)),
    create: (name, lines) => one(call('POST', BASE, { name, ...(lines ? { lines } : {}) })),
    change: (id, change) => one(call('PATCH', `${BASE}/${String(id)}`, change)),
    add: (id, lines) => one(call('POST', `${BASE}/${String(id)}/lines`, { lines })),
    async remove(id) {
      let reply;
      try {
        reply = await request('DELETE', `${BASE}/${String(id)}`);
      } catch (error) {
        throw browserError(error);
      }
      // Gone already (another tab deleted it) is what was asked.
      if (reply.ok || reply.status === 404) return;
      const error = (reply.body as { error?: unknown } | undefined)?.error;
      throw new Error(typeof error === 'string' ? error : `The server answered ${reply.status}.`);
    },
    async keepGuestList() {
      const lines = guest.get();
      if (lines.length === 0) return undefined;
      const taken = (await lists.lists()).map((list) => list.name);
      const saved = await lists.create(freeName(GUEST_LIST_NAME, taken), lines);
      guest.set([]);
      return saved;
    },
  };
  return lists;
}

export const accountLists: AccountLists = createAccountLists();

/** A list's lines from the pad's rows: the numbers as typed, with the choices made in them. */
export const linesOfRows = (rows: readonly PadRow[]): ListLine[] =>
  rows.map(({ part, quantity, productId, variantId }) => ({
    part,
    quantity,
    ...(productId === undefined ? {} : { productId }),
    ...(variantId === undefined ? {} : { variantId }),
  }));

/** Puts a list's lines in the pad (after what is there); how many did not fit. */
export function sendToPad(lines: readonly ListLine[]): number {
  const { rows, leftOut } = addRows($padRows.get(), lines);
  $padRows.set(rows);
  return leftOut;
}
