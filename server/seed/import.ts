import type { ZodError } from 'zod';
import {
  collectionInputSchema,
  productInputSchema,
  type Collection,
  type Product,
} from '../catalog/input.ts';
import { upsertCollection, upsertProduct } from '../catalog/write.ts';
import { transaction, type Database } from '../db/open.ts';

/** At most this many problems are listed; the rest are counted. */
export const MAX_REPORTED_PROBLEMS = 50;

/**
 * The catalogue was refused. `problems` names each bad record by position and field, e.g.
 * `products[12].variants[0].price: must have at most 2 decimals`; nothing was written.
 */
export class ImportError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    const shown = problems.slice(0, MAX_REPORTED_PROBLEMS);
    const more = problems.length - shown.length;
    super(
      `The catalogue has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported.`,
    );
    this.problems =
      more > 0 ? [...shown, `... and ${more} more problem${more === 1 ? '' : 's'}`] : shown;
  }
}

/** What an import wrote. */
export interface ImportResult {
  collections: number;
  products: number;
}

/** ['variants', 0, 'options', 'Wheel Size'] -> '.variants[0].options["Wheel Size"]' */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      return /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
    })
    .join('');
}

const zodProblems = (where: string, error: ZodError) =>
  error.issues.map((issue) => `${where}${formatPath(issue.path)}: ${issue.message}`);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Located<T> {
  at: string;
  record: T;
}

/** Parses a list of records, noting problems and handles or ids used twice. */
function parseRecords<T extends { handle: string; id?: number | undefined }>(
  name: 'collections' | 'products',
  raw: unknown,
  parse: (value: unknown) => { success: true; data: T } | { success: false; error: ZodError },
  problems: string[],
): Located<T>[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push(`${name}: must be an array`);
    return [];
  }
  const out: Located<T>[] = [];
  const handles = new Map<string, string>();
  const ids = new Map<number, string>();
  raw.forEach((value: unknown, index) => {
    const at = `${name}[${index}]`;
    const result = parse(value);
    if (!result.success) {
      problems.push(...zodProblems(at, result.error));
      return;
    }
    const { handle, id } = result.data;
    const first = handles.get(handle);
    if (first) problems.push(`${at}.handle: "${handle}" is also used by ${first}`);
    else handles.set(handle, at);
    if (id !== undefined) {
      const same = ids.get(id);
      if (same) problems.push(`${at}.id: ${id} is also used by ${same}`);
      else ids.set(id, at);
    }
    out.push({ at, record: result.data });
  });
  return out;
}

/**
 * Orders collections so that every parent comes before its children; reports parents that
 * exist neither in the file nor in the database, and cycles.
 */
function orderCollections(
  db: Database,
  collections: readonly Located<Collection>[],
  problems: string[],
): Located<Collection>[] {
  const byHandle = new Map(collections.map((c) => [c.record.handle, c]));
  const inDatabase = db.prepare('SELECT 1 FROM collections WHERE handle = ?');
  const ordered: Located<Collection>[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (item: Located<Collection>, trail: string[]): void => {
    const { handle, parent } = item.record;
    if (state.get(handle) === 'done') return;
    if (state.get(handle) === 'visiting') {
      problems.push(`${item.at}.parent: forms a cycle (${[...trail, handle].join(' -> ')})`);
      return;
    }
    state.set(handle, 'visiting');
    if (parent !== null) {
      const inFile = byHandle.get(parent);
      if (inFile) visit(inFile, [...trail, handle]);
      else if (!inDatabase.get(parent)) {
        problems.push(`${item.at}.parent: unknown collection "${parent}"`);
      }
    }
    state.set(handle, 'done');
    ordered.push(item);
  };
  for (const item of collections) visit(item, []);
  return ordered;
}

/**
 * Loads a catalogue `{ collections: [...], products: [...] }` in the input format of
 * server/catalog/input.ts (documented in docs/catalogue-format.md). Every record is
 * validated first and every problem is reported with its position and field; collections
 * may come in any order (parents are resolved from the file or the database). Records are
 * then written in one transaction: any failure rolls everything back and throws
 * ImportError, so nothing half-imported stays behind. Existing records with the same id or
 * handle are replaced; others are kept.
 */
export function importCatalogue(db: Database, data: unknown): ImportResult {
  if (!isPlainObject(data)) {
    throw new ImportError([
      'catalogue: must be an object with "collections" and "products" arrays',
    ]);
  }
  const problems: string[] = [];
  for (const key of Object.keys(data)) {
    if (key !== 'collections' && key !== 'products') {
      problems.push(`catalogue.${key}: is not a known field (expected collections and products)`);
    }
  }
  if (data['collections'] === undefined && data['products'] === undefined) {
    problems.push('catalogue: has neither "collections" nor "products"');
  }
  const collections = parseRecords<Collection>(
    'collections',
    data['collections'],
    (value) => collectionInputSchema.safeParse(value),
    problems,
  );
  const products = parseRecords<Product>(
    'products',
    data['products'],
    (value) => productInputSchema.safeParse(value),
    problems,
  );
  const ordered = orderCollections(db, collections, problems);

  const fileHandles = new Set(collections.map((c) => c.record.handle));
  const inDatabase = db.prepare('SELECT 1 FROM collections WHERE handle = ?');
  for (const { at, record } of products) {
    record.collections.forEach((handle, index) => {
      if (!fileHandles.has(handle) && !inDatabase.get(handle)) {
        problems.push(`${at}.collections[${index}]: unknown collection "${handle}"`);
      }
    });
  }
  if (problems.length) throw new ImportError(problems);

  return transaction(db, () => {
    const write = (at: string, work: () => void) => {
      try {
        work();
      } catch (error) {
        problems.push(`${at}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    for (const { at, record } of ordered) write(at, () => upsertCollection(db, record));
    for (const { at, record } of products) write(at, () => upsertProduct(db, record));
    // Throwing inside the transaction rolls back every record written so far.
    if (problems.length) throw new ImportError(problems);
    return { collections: ordered.length, products: products.length };
  });
}
