import { fitVerdict } from '../../shared/fitment/verdict.ts';
import type { ModelRef } from '../catalog/filter-params.ts';
import type { Database } from '../db/open.ts';
import { storedFormat } from './read.ts';

/**
 * What a results list under a chosen machine shows on each card (issue 31, item 8 and 9):
 * the machine the list is for, and each card's verdict for it with the rows that say so.
 */

/** The machine of a `fits=` list, as pageInfo names it. */
export interface ListMachine {
  brand: string;
  brandHandle: string;
  code: string;
  handle: string;
  name: string;
  /** The serial the verdicts read, when one was given. */
  serial: string | null;
}

/** A card's fitment row for the list's machine. */
export interface CardFitRow {
  serialFrom: string | null;
  serialTo: string | null;
  position: string;
  quantity: number;
  note: string;
}

/** A card's verdict: every card of a `fits=` list may fit, so 'fits' or 'check'. */
export interface CardFit {
  verdict: 'fits' | 'check';
  universal: boolean;
  rows: CardFitRow[];
}

interface StoredRow extends CardFitRow {
  productId: number;
  modelId: number;
}

/**
 * The machine and, for each id of the page, its verdict; undefined when the store has no
 * such model (the list is empty then).
 */
export function cardFits(
  db: Database,
  ref: ModelRef,
  serial: string | undefined,
  ids: readonly number[],
): { machine: ListMachine; fits: Map<number, CardFit> } | undefined {
  const model = db
    .prepare(
      `SELECT id, brand, brand_handle AS brandHandle, code, handle, name FROM machine_models
       WHERE brand_handle = ? AND handle = ?`,
    )
    .get(ref.brandHandle, ref.handle) as (Omit<ListMachine, 'serial'> & { id: number }) | undefined;
  if (!model) return undefined;
  const { id: modelId, ...named } = model;
  const list = JSON.stringify(ids);
  const rows = db
    .prepare(
      `SELECT product_id AS productId, model_id AS modelId, serial_from AS serialFrom,
         serial_to AS serialTo, position, quantity, note
       FROM product_fitment
       WHERE model_id = ? AND product_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    )
    .all(modelId, list) as unknown as StoredRow[];
  const universal = new Set(
    (
      db
        .prepare(
          `SELECT id FROM products WHERE fits_universally = 1
           AND id IN (SELECT value FROM json_each(?))`,
        )
        .all(list) as { id: number }[]
    ).map(({ id }) => id),
  );
  const format = storedFormat(db, model.brand);
  const fits = new Map<number, CardFit>();
  for (const id of ids) {
    const own = rows.filter((row) => row.productId === id);
    const verdict = fitVerdict(
      { universal: universal.has(id), rows: own },
      { modelId, serial },
      format,
    );
    if (verdict.kind !== 'fits' && verdict.kind !== 'check') continue;
    fits.set(id, {
      verdict: verdict.kind,
      universal: universal.has(id),
      rows: verdict.rows.map(({ serialFrom, serialTo, position, quantity, note }) => ({
        serialFrom,
        serialTo,
        position,
        quantity,
        note,
      })),
    });
  }
  return { machine: { ...named, serial: serial ?? null }, fits };
}
