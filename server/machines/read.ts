import {
  compactSerial,
  DEFAULT_SERIAL_FORMAT,
  type SerialFormat,
} from '../../shared/fitment/serial.ts';
import { feedSeq } from '../catalog/catalogue-index.ts';
import type { ModelRef } from '../catalog/filter-params.ts';
import type { Database } from '../db/open.ts';

/**
 * The machines as the public API reads them (issue 31): brands with their models, a model by
 * its handles, a product's fitment list, the products that may fit a model (the `fits=`
 * filter) and the models a typed text names.
 */

/** A model as lists show it. */
export interface ModelSummary {
  id: number;
  brand: string;
  brandHandle: string;
  /** As the data plate prints it: 'PTH50'. */
  code: string;
  handle: string;
  name: string;
  series: string;
  machineType: string;
  /** Products that fit it, at least for some serials, universal ones included. */
  partCount: number;
}

/** A model with the names people type for it and how its brand writes serials. */
export interface ModelDetail extends ModelSummary {
  aliases: string[];
  serialFormat: { pattern: string; example: string };
}

/** One row of a product's 'Fits these machines' list. */
export interface FitmentListRow {
  modelId: number;
  brand: string;
  brandHandle: string;
  model: string;
  modelHandle: string;
  modelName: string;
  serialFrom: string | null;
  serialTo: string | null;
  position: string;
  quantity: number;
  note: string;
}

/** What the store knows of a product's fitment, as its page and the API show it. */
export interface ProductFitmentList {
  universal: boolean;
  rows: FitmentListRow[];
}

const MODEL_COLUMNS = `m.id, m.brand, m.brand_handle AS brandHandle, m.code, m.handle, m.name,
  m.series, m.machine_type AS machineType`;

interface Counts {
  seq: number;
  universal: number;
  byModel: Map<number, number>;
}
const countsOf = new WeakMap<Database, Counts>();

/**
 * Products per model (distinct, over the fitment index) plus the universal ones, read again
 * only when the change feed has moved: one pass over every row at 100,000 products.
 */
function partCounts(db: Database): Counts {
  const seq = feedSeq(db);
  const kept = countsOf.get(db);
  if (kept?.seq === seq) return kept;
  const rows = db
    .prepare(
      'SELECT model_id AS id, COUNT(DISTINCT product_id) AS n FROM product_fitment GROUP BY model_id',
    )
    .all() as { id: number; n: number }[];
  const { n: universal } = db
    .prepare('SELECT COUNT(*) AS n FROM products WHERE fits_universally = 1')
    .get() as { n: number };
  const made = { seq, universal, byModel: new Map(rows.map((row) => [row.id, row.n])) };
  countsOf.set(db, made);
  return made;
}

type ModelRow = Omit<ModelSummary, 'partCount'>;

const withCount = (db: Database) => {
  const counts = partCounts(db);
  return (row: ModelRow): ModelSummary => ({
    ...row,
    partCount: (counts.byModel.get(row.id) ?? 0) + counts.universal,
  });
};

/** Every brand that has models, with how many, by name. */
export function machineBrands(
  db: Database,
): { name: string; handle: string; modelCount: number }[] {
  return db
    .prepare(
      `SELECT MIN(brand) AS name, brand_handle AS handle, COUNT(*) AS modelCount
       FROM machine_models GROUP BY brand_handle ORDER BY name COLLATE NOCASE`,
    )
    .all() as { name: string; handle: string; modelCount: number }[];
}

/** A brand's models by code; undefined for a brand without any. */
export function brandModels(db: Database, brandHandle: string): ModelSummary[] | undefined {
  const rows = db
    .prepare(
      `SELECT ${MODEL_COLUMNS} FROM machine_models m WHERE m.brand_handle = ?
       ORDER BY m.code COLLATE NOCASE, m.id`,
    )
    .all(brandHandle.toLowerCase()) as ModelRow[];
  return rows.length === 0 ? undefined : rows.map(withCount(db));
}

/** A model by its brand's and its own handle, any case; undefined when there is none. */
export function modelByHandle(
  db: Database,
  brandHandle: string,
  handle: string,
): ModelDetail | undefined {
  const row = db
    .prepare(
      `SELECT ${MODEL_COLUMNS} FROM machine_models m WHERE m.brand_handle = ? AND m.handle = ?`,
    )
    .get(brandHandle.toLowerCase(), handle.toLowerCase()) as ModelRow | undefined;
  if (!row) return undefined;
  const aliases = (
    db
      .prepare('SELECT alias FROM machine_model_keys WHERE model_id = ? ORDER BY rowid')
      .all(row.id) as { alias: string }[]
  ).map(({ alias }) => alias);
  const format = storedFormat(db, row.brand);
  return {
    ...withCount(db)(row),
    aliases,
    serialFormat: { pattern: format.pattern.source, example: format.example },
  };
}

/** A model as the build reads it for its page: no part count (the build counts its own). */
export type ModelRecord = Omit<ModelDetail, 'partCount'>;

/**
 * Every model, by id, a page of `limit` at a time, with its names and its brand's serial
 * format: what the build's machines collection reads (src/loaders/list-sources.ts). Two
 * queries a page, whatever its size.
 */
export function machineModels(db: Database, page: number, limit: number): ModelRecord[] {
  const rows = db
    .prepare(`SELECT ${MODEL_COLUMNS} FROM machine_models m ORDER BY m.id LIMIT ? OFFSET ?`)
    .all(limit, page * limit) as ModelRow[];
  if (rows.length === 0) return [];
  const aliases = new Map<number, string[]>();
  const keys = db
    .prepare(
      `SELECT model_id AS id, alias FROM machine_model_keys
       WHERE model_id IN (SELECT value FROM json_each(?)) ORDER BY rowid`,
    )
    .all(JSON.stringify(rows.map((row) => row.id))) as { id: number; alias: string }[];
  for (const { id, alias } of keys) aliases.set(id, [...(aliases.get(id) ?? []), alias]);
  const formats = new Map<string, ModelRecord['serialFormat']>();
  return rows.map((row) => {
    let format = formats.get(row.brand);
    if (!format) {
      const stored = storedFormat(db, row.brand);
      format = { pattern: stored.pattern.source, example: stored.example };
      formats.set(row.brand, format);
    }
    return { ...row, aliases: aliases.get(row.id) ?? [], serialFormat: format };
  });
}

/**
 * How `brand` writes serials, as the merchandiser stored it (server/machines/write.ts checks
 * a pattern before it is stored); the common shape for a brand without its own.
 */
export function storedFormat(db: Database, brand: string): SerialFormat {
  const row = db
    .prepare('SELECT pattern, example FROM serial_formats WHERE brand = ? COLLATE NOCASE')
    .get(brand) as { pattern: string; example: string } | undefined;
  return row ? { pattern: new RegExp(row.pattern), example: row.example } : DEFAULT_SERIAL_FORMAT;
}

/** A product's fitment: universal, or its rows by brand, model and serial. */
export function productFitment(db: Database, productId: number): ProductFitmentList {
  return fitmentOfProducts(db, [productId]).get(productId) ?? { universal: false, rows: [] };
}

/**
 * The fitment of each of `ids` (the build's bulk records, routes/products-bulk.ts): one read
 * for the page, every product in the map, those without data with no rows.
 */
export function fitmentOfProducts(
  db: Database,
  ids: readonly number[],
): Map<number, ProductFitmentList> {
  const list = JSON.stringify(ids);
  const fitment = new Map<number, ProductFitmentList>(
    (
      db
        .prepare(
          `SELECT id, fits_universally AS universal FROM products
           WHERE id IN (SELECT value FROM json_each(?))`,
        )
        .all(list) as { id: number; universal: number }[]
    ).map(({ id, universal }) => [id, { universal: universal === 1, rows: [] }]),
  );
  const rows = db
    .prepare(
      `SELECT f.product_id AS productId, f.model_id AS modelId, m.brand,
         m.brand_handle AS brandHandle, m.code AS model, m.handle AS modelHandle,
         m.name AS modelName, f.serial_from AS serialFrom, f.serial_to AS serialTo, f.position,
         f.quantity, f.note
       FROM product_fitment f JOIN machine_models m ON m.id = f.model_id
       WHERE f.product_id IN (SELECT value FROM json_each(?))
       ORDER BY f.product_id, m.brand COLLATE NOCASE, m.code COLLATE NOCASE,
         f.serial_from NULLS FIRST, f.id`,
    )
    .all(list) as unknown as (FitmentListRow & { productId: number })[];
  for (const { productId, ...row } of rows) fitment.get(productId)?.rows.push(row);
  return fitment;
}

/** The id of the model a reference names; undefined when the store has none. */
export function modelIdOf(db: Database, ref: ModelRef): number | undefined {
  const row = db
    .prepare('SELECT id FROM machine_models WHERE brand_handle = ? AND handle = ?')
    .get(ref.brandHandle, ref.handle) as { id: number } | undefined;
  return row?.id;
}

/** Models whose product lists are kept, per connection, for the pages of one choice. */
const KEPT_MODELS = 64;
const forModel = new WeakMap<Database, { seq: number; ids: Map<number, readonly number[]> }>();

/**
 * The ids of the products that may fit a model, ascending: those with a row for it (fits,
 * or fits some serials) and the universal ones. A serial never narrows the set: a serial
 * outside every range is 'check the serial number', never 'does not fit'
 * (shared/fitment/verdict.ts). The same array is handed out until the change feed moves, so
 * the filter maps it to its index once (catalog/filter-match.ts, textSlotsOf).
 */
export function productsForModel(db: Database, modelId: number): readonly number[] {
  const seq = feedSeq(db);
  let kept = forModel.get(db);
  if (kept?.seq !== seq) {
    kept = { seq, ids: new Map() };
    forModel.set(db, kept);
  }
  const known = kept.ids.get(modelId);
  if (known) return known;
  const ids = (
    db
      .prepare(
        `SELECT product_id AS id FROM product_fitment WHERE model_id = ?
         UNION SELECT id FROM products WHERE fits_universally = 1 ORDER BY id`,
      )
      .all(modelId) as { id: number }[]
  ).map(({ id }) => id);
  if (kept.ids.size >= KEPT_MODELS) kept.ids.clear();
  kept.ids.set(modelId, ids);
  return ids;
}

/** Most models one lookup names. */
const LOOKUP_LIMIT = 8;

/**
 * The models a typed text names, for the search box ('pth50', 'pth 50 load wheel', 'crown
 * pth 50'): every run of up to three words, compacted as the aliases are, that is a model's
 * name; the brand, when the text names it too, goes first.
 */
export function lookupModels(db: Database, text: string): ModelSummary[] {
  const words = text.slice(0, 200).split(/\s+/).filter(Boolean).slice(0, 12);
  const keys = new Set<string>();
  for (let start = 0; start < words.length; start += 1) {
    for (let end = start + 1; end <= Math.min(words.length, start + 3); end += 1) {
      const key = compactSerial(words.slice(start, end).join(''));
      if (key.length >= 2) keys.add(key);
    }
  }
  if (keys.size === 0) return [];
  const rows = db
    .prepare(
      `SELECT DISTINCT ${MODEL_COLUMNS} FROM machine_model_keys k
       JOIN machine_models m ON m.id = k.model_id
       WHERE k.key IN (SELECT value FROM json_each(?))
       ORDER BY m.brand COLLATE NOCASE, m.code COLLATE NOCASE LIMIT ?`,
    )
    .all(JSON.stringify([...keys]), LOOKUP_LIMIT * 4) as ModelRow[];
  const named = new Set(words.map((word) => word.toLowerCase()));
  const ranked = [...rows].sort(
    (a, b) => Number(named.has(b.brandHandle)) - Number(named.has(a.brandHandle)),
  );
  return ranked.slice(0, LOOKUP_LIMIT).map(withCount(db));
}
