import type { ProductFitment } from '../../../shared/contracts/product-record.ts';
import { rangeText } from '../../../shared/fitment/verdict.ts';

/**
 * A product's 'Fits these machines' table (issue 31, item 10): a row per machine and range,
 * by brand and model, the first rows shown and the rest behind 'Show all'.
 */

/** Rows shown before the table folds (issue 31: collapsed past 10 rows). */
export const FITMENT_ROWS_SHOWN = 10;

/** One row as the table shows it. */
export interface FitmentTableRow {
  brand: string;
  model: string;
  modelName: string;
  /** 'every serial number', 'from SZ123456 on', 'up to 1A099999', 'from … to …'. */
  serials: string;
  position: string;
  /** '2', or '' for one per machine (the table says nothing of the usual). */
  perMachine: string;
  note: string;
}

/** What the section shows: universal, no data, or the rows, the first ones apart. */
export type FitmentTable =
  | { kind: 'universal' }
  | { kind: 'unknown' }
  | { kind: 'rows'; shown: FitmentTableRow[]; folded: FitmentTableRow[]; total: number };

/** The table for a product's fitment, rows in the order the API gives them. */
export function fitmentTable(fitment: ProductFitment): FitmentTable {
  if (fitment.universal) return { kind: 'universal' };
  if (fitment.rows.length === 0) return { kind: 'unknown' };
  const rows = fitment.rows.map((row): FitmentTableRow => ({
    brand: row.brand,
    model: row.model,
    modelName: row.modelName,
    serials: rangeText(row),
    position: row.position,
    perMachine: row.quantity > 1 ? String(row.quantity) : '',
    note: row.note,
  }));
  return {
    kind: 'rows',
    shown: rows.slice(0, FITMENT_ROWS_SHOWN),
    folded: rows.slice(FITMENT_ROWS_SHOWN),
    total: rows.length,
  };
}

/**
 * The models a part fits, each once in the order of its rows, for the page's structured
 * data (lib/product/json-ld.ts); none for a universal part.
 */
export function fitsModels(
  fitment: ProductFitment,
): { brand: string; model: string; name: string }[] {
  if (fitment.universal) return [];
  const seen = new Map<string, { brand: string; model: string; name: string }>();
  for (const row of fitment.rows) {
    const key = `${row.brandHandle}/${row.modelHandle}`;
    if (!seen.has(key)) seen.set(key, { brand: row.brand, model: row.model, name: row.modelName });
  }
  return [...seen.values()];
}
