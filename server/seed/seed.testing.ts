import type { Database } from '../db/open.ts';

/** Tables of the catalogue a product write touches (for row comparisons in tests). */
export const PRODUCT_TABLES = [
  'products',
  'product_collections',
  'product_tags',
  'product_images',
  'product_model3ds',
  'product_metafields',
  'product_pdfs',
  'reviews',
  'product_options',
  'variants',
  'variant_options',
  'inventory_levels',
] as const;

/** The tables writeContent (content.ts) fills. */
export const CONTENT_TABLES = [
  'articles',
  'help_answers',
  'pages',
  'question_topics',
  'questions',
  'site_reviews',
  'discount_codes',
  'settings',
  'orders',
] as const;

/** Every table the demo writes, for determinism checks (not `changes` or `meta`). */
export const SEEDED_TABLES = [
  ...PRODUCT_TABLES,
  'collections',
  'collection_images',
  'countries',
  'states',
  ...CONTENT_TABLES,
] as const;

/**
 * Rows of a table in a stable order, as JSON text, without the named columns (tests only).
 * The FTS table is dumped with its rowid.
 */
export function dumpTable(db: Database, table: string, without: readonly string[] = []): string {
  const rows = db.prepare(`SELECT rowid AS _rowid, * FROM ${table} ORDER BY rowid`).all();
  return JSON.stringify(
    rows.map((row) => {
      const copy: Record<string, unknown> = { ...row };
      for (const column of without) delete copy[column];
      // Rowids of tables without an id column are storage detail, not data.
      if (table !== 'products_fts') delete copy['_rowid'];
      return copy;
    }),
  );
}

/** Dumps of several tables keyed by name. */
export function dumpTables(
  db: Database,
  tables: readonly string[],
  without: readonly string[] = [],
): Record<string, string> {
  return Object.fromEntries(tables.map((table) => [table, dumpTable(db, table, without)]));
}
