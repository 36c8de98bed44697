import { parse } from 'csv-parse/sync';
import { compactSerial, type SerialFormat } from '../../shared/fitment/serial.ts';
import type { Database } from '../db/open.ts';
import { storedFormat } from './read.ts';
import { overlappingRows, rangeProblem } from './rows.ts';
import { storedFitment, writeFitmentsQuietly, type StoredFitmentRow } from './write.ts';

/**
 * A fitment import (issue 31, item 4; docs/catalogue-format.md, "Fitment"): a CSV file of
 * `brand, model, serial_from, serial_to, sku, position, qty, note`, one row per part and
 * model, read whole and checked row by row before anything is written. The file's rows are
 * the fitment of each product it names from one source (the `source` label): a product's
 * rows from that source are replaced by the file's, its rows from other sources stay. A file
 * with one bad row writes nothing.
 */

/** The columns, in any order; a header row names them. */
export const FITMENT_COLUMNS = [
  'brand',
  'model',
  'serial_from',
  'serial_to',
  'sku',
  'position',
  'qty',
  'note',
] as const;
type Column = (typeof FITMENT_COLUMNS)[number];

/** Most data rows one file holds (a maker's whole parts manual is a few thousand). */
export const MAX_IMPORT_ROWS = 200_000;
/** Most problems one report lists; the count says how many there were. */
const MAX_PROBLEMS = 500;

/** One problem: the file's line (the header is line 1), the column, what is wrong. */
export interface ImportProblem {
  line: number;
  column: Column | '';
  message: string;
}

/** What an import found, and did. */
export interface ImportReport {
  dryRun: boolean;
  /** Whether the rows were written (never with a problem, never on a dry run). */
  written: boolean;
  rows: number;
  products: number;
  models: number;
  problemCount: number;
  problems: ImportProblem[];
}

interface ReadRow {
  line: number;
  productId: number;
  row: StoredFitmentRow;
}

/** Parts by part number: a product's own and its variants', compacted as serials are. */
function partNumbers(db: Database): Map<string, Set<number>> {
  const byNumber = new Map<string, Set<number>>();
  const rows = db
    .prepare(
      `SELECT id, sku FROM products WHERE sku <> ''
       UNION SELECT product_id, sku FROM variants WHERE sku <> ''`,
    )
    .all() as { id: number; sku: string }[];
  for (const { id, sku } of rows) {
    const key = compactSerial(sku);
    byNumber.set(key, (byNumber.get(key) ?? new Set()).add(id));
  }
  return byNumber;
}

/** Models by brand and any of their names, and each brand's serial format. */
function modelFinder(db: Database) {
  const find = db.prepare(
    `SELECT m.id, m.brand FROM machine_model_keys k JOIN machine_models m ON m.id = k.model_id
     WHERE k.key = ? AND m.brand = ? COLLATE NOCASE`,
  );
  const formats = new Map<string, SerialFormat>();
  return {
    model: (brand: string, name: string) =>
      find.get(compactSerial(name), brand) as { id: number; brand: string } | undefined,
    format: (brand: string): SerialFormat => {
      const key = brand.toLowerCase();
      let format = formats.get(key);
      if (!format) {
        format = storedFormat(db, brand);
        formats.set(key, format);
      }
      return format;
    },
  };
}

/** The file's records, or the problem that stops it being read at all. */
function records(
  csv: string,
): { ok: true; records: Record<string, string>[] } | { ok: false; problem: ImportProblem } {
  try {
    const read = parse<Record<string, string>>(csv, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
      to: MAX_IMPORT_ROWS + 1,
    });
    return { ok: true, records: read };
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return {
      ok: false,
      problem: {
        line,
        column: '',
        message: `not a CSV file this import reads: ${(error as Error).message}`,
      },
    };
  }
}

/** The header's problems: a column missing, or one the format does not have. */
function headerProblems(first: Record<string, string> | undefined): ImportProblem[] {
  if (!first) return [{ line: 1, column: '', message: 'the file has no rows' }];
  const named = Object.keys(first);
  const known = new Set<string>(FITMENT_COLUMNS);
  return [
    ...FITMENT_COLUMNS.filter((column) => !named.includes(column)).map((column) => ({
      line: 1,
      column,
      message: `the header has no ${column} column`,
    })),
    ...named
      .filter((name) => !known.has(name))
      .map((name) => ({
        line: 1,
        column: '' as const,
        message: `the header names a column the format does not have: "${name}"`,
      })),
  ];
}

/** Reads and checks each record; the rows that passed, and every problem found. */
function checkRecords(db: Database, read: Record<string, string>[], source: string) {
  const parts = partNumbers(db);
  const models = modelFinder(db);
  const problems: ImportProblem[] = [];
  const rows: ReadRow[] = [];
  read.forEach((record, index) => {
    const line = index + 2;
    const cell = (column: Column) => record[column] ?? '';
    const problem = (column: Column, message: string) => problems.push({ line, column, message });
    const owners = parts.get(compactSerial(cell('sku')));
    if (!owners) problem('sku', `unknown part number "${cell('sku')}"`);
    else if (owners.size > 1) {
      problem('sku', `part number "${cell('sku')}" belongs to ${String(owners.size)} products`);
    }
    const model = models.model(cell('brand'), cell('model'));
    if (!model) problem('model', `unknown model "${cell('brand')} ${cell('model')}"`);
    const qty = cell('qty') === '' ? 1 : Number(cell('qty'));
    if (!Number.isInteger(qty) || qty < 1 || qty > 99) {
      problem('qty', `quantity must be a whole number from 1 to 99, not "${cell('qty')}"`);
    }
    if (cell('position').length > 60) problem('position', 'position is longer than 60 characters');
    if (cell('note').length > 500) problem('note', 'note is longer than 500 characters');
    const row: StoredFitmentRow = {
      modelId: model?.id ?? 0,
      serialFrom: cell('serial_from') || null,
      serialTo: cell('serial_to') || null,
      position: cell('position'),
      quantity: qty,
      note: cell('note'),
      source,
    };
    if (model) {
      const range = rangeProblem(row, models.format(model.brand));
      if (range) problem(range.field === 'serialFrom' ? 'serial_from' : 'serial_to', range.message);
    }
    const productId = owners?.size === 1 ? [...owners][0] : undefined;
    if (model && productId !== undefined) rows.push({ line, productId, row });
  });
  return { rows, problems, models };
}

/**
 * Each product's fitment as it would be: its rows from other sources, then the file's. An
 * overlap the file brings is reported on the file's line.
 */
function nextFitments(db: Database, rows: ReadRow[], source: string, problems: ImportProblem[]) {
  const byProduct = new Map<number, ReadRow[]>();
  for (const read of rows)
    byProduct.set(read.productId, [...(byProduct.get(read.productId) ?? []), read]);
  const brandOf = db.prepare('SELECT brand FROM machine_models WHERE id = ?');
  const formatOf = (modelId: number) =>
    storedFormat(db, (brandOf.get(modelId) as { brand: string }).brand);
  const next = new Map<number, { universal: boolean; rows: StoredFitmentRow[] }>();
  for (const [productId, own] of byProduct) {
    const stored = storedFitment(db, productId);
    const kept = stored.rows.filter((row) => row.source !== source);
    const all = [...kept, ...own.map((read) => read.row)];
    for (const { index, earlier } of overlappingRows(all, formatOf)) {
      const at = own[index - kept.length];
      if (!at) continue;
      const other = own[earlier - kept.length];
      problems.push({
        line: at.line,
        column: 'serial_from',
        message: other
          ? `its serials overlap those of line ${String(other.line)} for the same part, model and position`
          : 'its serials overlap a row of this part from another source, for the same model and position',
      });
    }
    next.set(productId, { universal: stored.universal, rows: all });
  }
  return next;
}

/**
 * Reads, checks and (unless `dryRun`, and only without a problem) writes a fitment file in
 * the caller's transaction.
 */
export function importFitment(
  db: Database,
  csv: string,
  { dryRun, source }: { dryRun: boolean; source: string },
): ImportReport {
  const empty = { dryRun, written: false, rows: 0, products: 0, models: 0 };
  const parsed = records(csv);
  if (!parsed.ok) return { ...empty, problemCount: 1, problems: [parsed.problem] };
  const header = headerProblems(parsed.records[0]);
  if (header.length > 0) return { ...empty, problemCount: header.length, problems: header };
  if (parsed.records.length > MAX_IMPORT_ROWS) {
    const message = `the file has more than ${String(MAX_IMPORT_ROWS)} rows: split it`;
    return { ...empty, problemCount: 1, problems: [{ line: 1, column: '', message }] };
  }
  const { rows, problems } = checkRecords(db, parsed.records, source);
  const next = nextFitments(db, rows, source, problems);
  problems.sort((a, b) => a.line - b.line);
  const report: ImportReport = {
    dryRun,
    written: false,
    rows: parsed.records.length,
    products: next.size,
    models: new Set(rows.map((read) => read.row.modelId)).size,
    problemCount: problems.length,
    problems: problems.slice(0, MAX_PROBLEMS),
  };
  if (dryRun || problems.length > 0) return report;
  writeFitmentsQuietly(db, next);
  return { ...report, written: true };
}
