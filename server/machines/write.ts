import { z } from 'zod';
import { compactSerial, type SerialFormat } from '../../shared/fitment/serial.ts';
import { slugify } from '../../shared/format/slug.ts';
import { modelRef } from '../catalog/filter-params.ts';
import type { FieldIssue } from '../catalog/field-issues.ts';
import type { Database } from '../db/open.ts';
import { modelIdOf, storedFormat } from './read.ts';
import { overlappingRows, rangeProblem } from './rows.ts';
import { serialPatternRisk } from './serial-pattern.ts';

/**
 * The merchandiser's writes of machines (issue 31, item 4): models with their other names,
 * each brand's serial format, and a product's fitment. Every write runs inside the caller's
 * transaction (routes/admin-write.ts, writeAs), so the change feed names its actor.
 */

const handleText = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower case letters and digits with hyphens');

/** A model as POST and PUT take it and GET gives it (with its id). */
export const modelInputSchema = z
  .object({
    brand: z.string().trim().min(1).max(100),
    code: z.string().trim().min(1).max(60),
    /** Its address under the brand's; from the code when not given. */
    handle: handleText.optional(),
    /** '{brand} {code}' when not given. */
    name: z.string().trim().min(1).max(200).optional(),
    series: z.string().trim().max(60).optional(),
    machineType: z
      .string()
      .trim()
      .max(40)
      .regex(/^[a-z]+(?:-[a-z]+)*$/, "must be a kind like 'pallet-jack' or 'forklift'"),
    /** Other names shoppers type for it ('PTH 50' needs none: spaces and hyphens fold). */
    aliases: z.array(z.string().trim().min(1).max(60)).max(30).optional(),
  })
  .strict();
export type ModelInput = z.output<typeof modelInputSchema>;

/** PATCH: any part of the model; fields not sent stay as they are. */
export const modelPatchSchema = modelInputSchema.partial().strict();

/** A model as the merchandiser reads it back: PUT it again and nothing changes. */
export interface AdminModel {
  id: number;
  brand: string;
  code: string;
  handle: string;
  name: string;
  series: string;
  machineType: string;
  aliases: string[];
}

/** A model the store cannot take as it is: `field` names what to change. */
export class ModelWriteError extends Error {
  readonly field: keyof ModelInput | '';
  constructor(field: keyof ModelInput | '', message: string) {
    super(message);
    this.field = field;
  }
}

/** The model by id in the input format, or undefined. */
export function readModel(db: Database, id: number): AdminModel | undefined {
  const row = db
    .prepare(
      `SELECT id, brand, code, handle, name, series, machine_type AS machineType
       FROM machine_models WHERE id = ?`,
    )
    .get(id) as Omit<AdminModel, 'aliases'> | undefined;
  if (!row) return undefined;
  const aliases = (
    db
      .prepare(
        'SELECT alias FROM machine_model_keys WHERE model_id = ? AND alias <> ? ORDER BY rowid',
      )
      .all(id, row.code) as { alias: string }[]
  ).map(({ alias }) => alias);
  return { ...row, aliases };
}

/**
 * Creates (id undefined) or replaces a model, with its names: the code and every alias,
 * compacted as lookups read them. Refuses a handle or a name another model of any brand
 * already answers to within the brand. Returns the id.
 */
export function writeModel(db: Database, input: ModelInput, id?: number): number {
  const handle = input.handle ?? slugify(input.code);
  if (handle === '') throw new ModelWriteError('code', 'must hold a letter or a digit');
  const brandHandle = slugify(input.brand);
  if (brandHandle === '') throw new ModelWriteError('brand', 'must hold a letter or a digit');
  const clash = db
    .prepare('SELECT id FROM machine_models WHERE brand_handle = ? AND handle = ? AND id IS NOT ?')
    .get(brandHandle, handle, id ?? null);
  if (clash) {
    throw new ModelWriteError('handle', `${input.brand} already has a model at "${handle}"`);
  }
  const values = [
    input.brand,
    brandHandle,
    input.code,
    handle,
    input.name ?? `${input.brand} ${input.code}`,
    input.series ?? '',
    input.machineType,
  ];
  const saved =
    id === undefined
      ? (
          db
            .prepare(
              `INSERT INTO machine_models (brand, brand_handle, code, handle, name, series, machine_type)
             VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
            )
            .get(...values) as { id: number }
        ).id
      : (
          db
            .prepare(
              `UPDATE machine_models SET brand = ?, brand_handle = ?, code = ?, handle = ?, name = ?,
               series = ?, machine_type = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
             WHERE id = ? RETURNING id`,
            )
            .get(...values, id) as { id: number }
        ).id;
  writeNames(db, saved, brandHandle, [input.code, ...(input.aliases ?? [])]);
  return saved;
}

/** The model's names, each compacted once, none another model of the brand answers to. */
function writeNames(db: Database, modelId: number, brandHandle: string, names: string[]): void {
  db.prepare('DELETE FROM machine_model_keys WHERE model_id = ?').run(modelId);
  const taken = db.prepare(
    `SELECT m.code FROM machine_model_keys k JOIN machine_models m ON m.id = k.model_id
     WHERE k.key = ? AND m.brand_handle = ? AND m.id <> ?`,
  );
  const insert = db.prepare(
    'INSERT OR IGNORE INTO machine_model_keys (model_id, key, alias) VALUES (?, ?, ?)',
  );
  for (const name of names) {
    const key = compactSerial(name);
    const other = taken.get(key, brandHandle, modelId) as { code: string } | undefined;
    if (other) {
      throw new ModelWriteError('aliases', `"${name}" is already a name of the ${other.code}`);
    }
    insert.run(modelId, key, name);
  }
}

/**
 * A brand's serial format as PUT takes it: a pattern with a `number` group that cannot take
 * too long to run (serial-pattern.ts), and an example.
 */
export const serialFormatSchema = z
  .object({
    pattern: z
      .string()
      .min(1)
      .max(300)
      .refine((source) => compiles(source), 'must be a regular expression')
      .refine(
        (source) => compiles(source) && /\(\?<number>/.test(source),
        'must have a (?<number>...) group of digits',
      )
      .superRefine((source, ctx) => {
        const risk = compiles(source) ? serialPatternRisk(source) : null;
        if (risk)
          ctx.addIssue({ code: 'custom', message: `could take too long to run: it ${risk}` });
      }),
    example: z.string().trim().min(1).max(40),
  })
  .strict()
  .refine(
    ({ pattern, example }) =>
      !compiles(pattern) || new RegExp(pattern).test(compactSerial(example)),
    { path: ['example'], message: 'must be a serial the pattern reads' },
  );

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Stores `brand`'s serial format, in place of the one it had. */
export function writeSerialFormat(
  db: Database,
  brand: string,
  format: z.output<typeof serialFormatSchema>,
): void {
  db.prepare(
    `INSERT INTO serial_formats (brand, pattern, example) VALUES (?, ?, ?)
     ON CONFLICT (brand) DO UPDATE SET pattern = excluded.pattern, example = excluded.example`,
  ).run(brand, format.pattern, format.example);
}

const serialText = z.string().trim().min(1).max(64).nullable().optional();

/** One fitment row as the merchandiser sends it: its model by `brand/model` handles. */
export const fitmentRowSchema = z
  .object({
    model: z.string().trim().min(3).max(200),
    serialFrom: serialText,
    serialTo: serialText,
    position: z.string().trim().max(60).optional(),
    quantity: z.number().int().min(1).max(99).optional(),
    note: z.string().trim().max(500).optional(),
    source: z.string().trim().max(200).optional(),
  })
  .strict();
export type FitmentRowInput = z.output<typeof fitmentRowSchema>;

/** A product's fitment as PUT takes it (the whole list) and PATCH (any part of it). */
export const fitmentInputSchema = z
  .object({
    universal: z.boolean().optional(),
    rows: z.array(fitmentRowSchema).max(2000).optional(),
  })
  .strict();
export type FitmentInput = z.output<typeof fitmentInputSchema>;

/** A row ready to store. */
export interface StoredFitmentRow {
  modelId: number;
  serialFrom: string | null;
  serialTo: string | null;
  position: string;
  quantity: number;
  note: string;
  source: string;
}

/**
 * The rows checked against the store: a model that exists, serials of its brand's format, a
 * range forwards within one prefix, no overlap with another row of the model and position.
 * The issues name each row (`rows[2].serialTo`); none: the rows to store.
 */
export function checkFitmentRows(
  db: Database,
  rows: readonly FitmentRowInput[],
  path = 'rows',
): { ok: true; rows: StoredFitmentRow[] } | { ok: false; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const formats = new Map<number, SerialFormat>();
  const brandOf = db.prepare('SELECT brand FROM machine_models WHERE id = ?');
  const formatOf = (modelId: number): SerialFormat => {
    let format = formats.get(modelId);
    if (!format) {
      const { brand } = brandOf.get(modelId) as { brand: string };
      format = storedFormat(db, brand);
      formats.set(modelId, format);
    }
    return format;
  };
  const stored: StoredFitmentRow[] = [];
  rows.forEach((row, index) => {
    const ref = modelRef(row.model);
    const modelId = ref && modelIdOf(db, ref);
    if (modelId === undefined) {
      issues.push({
        path: `${path}[${index}].model`,
        message: `no model "${row.model}" in the store`,
      });
      return;
    }
    const candidate: StoredFitmentRow = {
      modelId,
      serialFrom: row.serialFrom ?? null,
      serialTo: row.serialTo ?? null,
      position: row.position ?? '',
      quantity: row.quantity ?? 1,
      note: row.note ?? '',
      source: row.source ?? '',
    };
    const problem = rangeProblem(candidate, formatOf(modelId));
    if (problem)
      issues.push({ path: `${path}[${index}].${problem.field}`, message: problem.message });
    stored.push(candidate);
  });
  if (issues.length > 0) return { ok: false, issues };
  for (const { index, earlier } of overlappingRows(stored, formatOf)) {
    issues.push({
      path: `${path}[${index}]`,
      message: `its serials overlap those of ${path}[${earlier}] for the same model and position`,
    });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, rows: stored };
}

/** A product's fitment as stored, its rows in the order written. */
export function storedFitment(
  db: Database,
  productId: number,
): { universal: boolean; rows: StoredFitmentRow[] } {
  const product = db
    .prepare('SELECT fits_universally AS universal FROM products WHERE id = ?')
    .get(productId) as { universal: number } | undefined;
  const rows = db
    .prepare(
      `SELECT model_id AS modelId, serial_from AS serialFrom, serial_to AS serialTo, position,
         quantity, note, source FROM product_fitment WHERE product_id = ? ORDER BY id`,
    )
    .all(productId) as unknown as StoredFitmentRow[];
  return { universal: product?.universal === 1, rows };
}

/**
 * Replaces a product's fitment rows and sets whether it fits universally. Returns the models
 * the change touched (those of the old rows and of the new), or undefined when the fitment is
 * the stored one and nothing was written, so the change feed stays quiet.
 */
export function writeFitment(
  db: Database,
  productId: number,
  universal: boolean,
  rows: readonly StoredFitmentRow[],
): number[] | undefined {
  const before = storedFitment(db, productId);
  if (JSON.stringify(before) === JSON.stringify({ universal, rows })) return undefined;
  db.prepare('UPDATE products SET fits_universally = ? WHERE id = ? AND fits_universally <> ?').run(
    universal ? 1 : 0,
    productId,
    universal ? 1 : 0,
  );
  db.prepare('DELETE FROM product_fitment WHERE product_id = ?').run(productId);
  const insert = db.prepare(
    `INSERT INTO product_fitment
       (product_id, model_id, serial_from, serial_to, position, quantity, note, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const row of rows) {
    insert.run(
      productId,
      row.modelId,
      row.serialFrom,
      row.serialTo,
      row.position,
      row.quantity,
      row.note,
      row.source,
    );
  }
  return [...new Set([...before.rows, ...rows].map((row) => row.modelId))];
}

/**
 * Writes many products' fitment (writeFitment) with the per-row change-feed triggers off,
 * then logs each product whose fitment changed and each model those changes touched, once:
 * an import of 50,000 rows leaves a row per part and model, not two per fitment row.
 */
export function writeFitmentsQuietly(
  db: Database,
  fitments: ReadonlyMap<number, { universal: boolean; rows: readonly StoredFitmentRow[] }>,
): void {
  const products: number[] = [];
  const models = new Set<number>();
  db.prepare('INSERT INTO fitment_bulk (id) VALUES (1)').run();
  try {
    for (const [productId, { universal, rows }] of fitments) {
      const touched = writeFitment(db, productId, universal, rows);
      if (!touched) continue;
      products.push(productId);
      for (const modelId of touched) models.add(modelId);
    }
  } finally {
    db.prepare('DELETE FROM fitment_bulk').run();
  }
  db.prepare(
    `INSERT INTO changes (entity, entity_id, op)
     SELECT 'product', id, 'upsert' FROM products WHERE id IN (SELECT value FROM json_each(?))`,
  ).run(JSON.stringify(products));
  db.prepare(
    `INSERT INTO changes (entity, entity_id, op)
     SELECT 'machine', id, 'upsert' FROM machine_models WHERE id IN (SELECT value FROM json_each(?))`,
  ).run(JSON.stringify([...models]));
}

/** A product's fitment in the input format: PUT it back and nothing changes. */
export function readFitmentInput(
  db: Database,
  productId: number,
): { universal: boolean; rows: FitmentRowInput[] } {
  const product = db
    .prepare('SELECT fits_universally AS universal FROM products WHERE id = ?')
    .get(productId) as { universal: number };
  const rows = db
    .prepare(
      `SELECT m.brand_handle || '/' || m.handle AS model, f.serial_from AS serialFrom,
         f.serial_to AS serialTo, f.position, f.quantity, f.note, f.source
       FROM product_fitment f JOIN machine_models m ON m.id = f.model_id
       WHERE f.product_id = ? ORDER BY f.id`,
    )
    .all(productId) as unknown as FitmentRowInput[];
  return { universal: product.universal === 1, rows };
}
