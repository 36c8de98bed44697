import { titleSortKey } from '../../../shared/format/title-order.ts';
import type { Migration } from '../database.ts';

/**
 * Version 4: products sort by the title as text (shared/format/title-order.ts), kept in
 * sort_title, set at write time; the rows older versions wrote get theirs here, once.
 */
export const sortTitle: Migration = {
  version: 4,
  up(db) {
    db.exec("ALTER TABLE products ADD COLUMN sort_title TEXT NOT NULL DEFAULT ''");
    const rows = db.prepare('SELECT id, title FROM products').all() as {
      id: number;
      title: string;
    }[];
    const update = db.prepare('UPDATE products SET sort_title = ? WHERE id = ?');
    for (const { id, title } of rows) update.run(titleSortKey(title), id);
    db.exec('CREATE INDEX products_sort_title ON products(sort_title COLLATE NOCASE, id)');
  },
};
