import type { Database } from '../db/open.ts';
import { arrayRows } from './filter-sql.ts';
import type { TextSearch } from './search.ts';

/**
 * The products a search text (`q`) matches, most relevant first: FTS5's rank with the
 * column weights below, ties by id (the order the filter's bm25() gave before issue 14).
 *
 * The whole matching set is read, not a page of it: its size and facets must be exact. FTS5
 * ranks it in one pass (`ORDER BY rank`, its own bm25 with the column weights below), and
 * the ranked ids are kept for the catalogue version they were read at, so the pages and
 * filters of one search (the results list, its filter panel, the next page) read the index
 * once between two catalogue changes.
 */

/**
 * Column weights of products_fts (title, vendor, codes, keywords): part numbers and titles
 * weigh most. FTS5 takes them as its rank function for one query (`rank MATCH`).
 */
export const RANK = 'bm25(10.0, 3.0, 10.0, 1.0)';

/** Searches whose ranked ids are kept, per connection. */
export const TEXT_CACHE_SIZE = 64;

// Ties in rank break on the id, as the filter's other orders do.
const RANKED = `SELECT rowid FROM products_fts WHERE products_fts MATCH ? AND rank MATCH '${RANK}'
  ORDER BY rank, rowid`;
// The title as text (sort_title, the same text as the index's title column: search-row.ts),
// never its markup: 'rt' must not find a title by the script inside it.
const LIKE =
  "(p.sort_title LIKE ? ESCAPE '\\' OR p.sku LIKE ? ESCAPE '\\' OR p.product_code LIKE ? ESCAPE '\\')";

const caches = new WeakMap<Database, Map<string, { seq: number; ids: number[] }>>();

function read(db: Database, text: TextSearch): number[] {
  if (text.match === null) {
    // Words too short for the trigram index: a scan, in catalogue order.
    const where = text.like.map(() => LIKE).join(' AND ');
    const args = text.like.flatMap((pattern) => [pattern, pattern, pattern]);
    return arrayRows(db, `SELECT p.id FROM products p WHERE ${where} ORDER BY p.id`, ...args).map(
      (row) => row[0] as number,
    );
  }
  return arrayRows(db, RANKED, text.match).map((row) => row[0] as number);
}

/**
 * Ids of the products `text` matches, most relevant first (by id for short words), as of
 * catalogue version `seq` (catalogue-index.ts).
 */
export function textMatches(db: Database, text: TextSearch, seq: number): number[] {
  const key = JSON.stringify([text.match, text.like]);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, { seq: number; ids: number[] }>()));
  const kept = cache.get(key);
  cache.delete(key);
  const ids = kept && kept.seq === seq ? kept.ids : read(db, text);
  if (cache.size >= TEXT_CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, { seq, ids });
  return ids;
}
