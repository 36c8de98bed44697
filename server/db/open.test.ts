import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { LATEST_VERSION, migrations } from './migrations/index.ts';
import { migrate, openDatabase, schemaVersion, transaction } from './open.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database path in a fresh folder that afterEach removes. */
function dbFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-db-'));
  dirs.push(dir);
  return join(dir, 'store.db');
}

/**
 * A database file as the code of schema `version` left it, with `rows` written into it
 * (SQL run at that version), closed: what openDatabase finds after an upgrade of the code.
 */
function olderDatabase(version: number, rows: string): string {
  const file = dbFile();
  const old = new DatabaseSync(file);
  migrate(old, version);
  old.exec(rows);
  old.close();
  return file;
}

const columnsOf = (db: DatabaseSync, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

const namesOf = (db: DatabaseSync, type: 'table' | 'index') =>
  (
    db
      .prepare(`SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%'`)
      .all(type) as { name: string }[]
  ).map((row) => row.name);

/** Every row of every table, by table: what an upgrade must keep. */
function contents(db: DatabaseSync): Record<string, unknown[]> {
  const tables = namesOf(db, 'table').filter((name) => !name.startsWith('products_fts'));
  return Object.fromEntries(
    tables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()]),
  );
}

describe('openDatabase', () => {
  it('gives a new database every table, at the latest schema version', () => {
    const db = openDatabase(':memory:');
    expect(namesOf(db, 'table').sort()).toEqual([
      'account_tokens',
      'articles',
      'bot_check_tokens',
      'change_actor',
      'changes',
      'checkout_line_items',
      'checkout_orders',
      'checkouts',
      'collection_images',
      'collections',
      'contact_messages',
      'countries',
      'customer_credentials',
      'customer_fleets',
      'customer_part_lists',
      'customers',
      'discount_codes',
      'fitment_bulk',
      'help_answers',
      'idempotency_keys',
      'inventory_levels',
      'machine_model_keys',
      'machine_models',
      'mail_queue',
      'mailing_addresses',
      'meta',
      'order_line_items',
      'order_related_products',
      'orders',
      'outbox',
      'pages',
      'part_numbers',
      'payment_methods',
      'pending_registrations',
      'product_collections',
      'product_cross_references',
      'product_fitment',
      'product_images',
      'product_metafields',
      'product_model3ds',
      'product_options',
      'product_pdfs',
      'product_tags',
      'products',
      'products_fts',
      'products_fts_config',
      'products_fts_content',
      'products_fts_data',
      'products_fts_docsize',
      'products_fts_idx',
      'question_topics',
      'questions',
      'quote_requests',
      'recovery_emails',
      'reviews',
      'serial_formats',
      'sessions',
      'settings',
      'site_reviews',
      'states',
      'transactions',
      'variant_options',
      'variants',
    ]);
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get()).toEqual({
      value: String(LATEST_VERSION),
    });
  });

  it('numbers its migrations 1, 2, 3 ... without a gap', () => {
    expect(migrations.map((migration) => migration.version)).toEqual(
      Array.from({ length: LATEST_VERSION }, (_, index) => index + 1),
    );
  });

  it('upgrades a version 1 database to the latest, keeping its rows', () => {
    const file = olderDatabase(
      1,
      `INSERT INTO collections (id, handle, title) VALUES (7, 'wheels', 'Wheels');
       INSERT INTO products (id, handle, title) VALUES (3, 'seal', 'Seal');`,
    );

    const db = openDatabase(file);
    for (const [table, column] of [
      ['collections', 'max_child_items'],
      ['changes', 'actor'],
      ['products', 'sort_title'],
    ] as const) {
      expect(columnsOf(db, table)).toContain(column);
    }
    expect(db.prepare('SELECT handle, max_child_items AS max FROM collections').all()).toEqual([
      { handle: 'wheels', max: null },
    ]);
    expect(db.prepare('SELECT sort_title FROM products').get()).toEqual({ sort_title: 'Seal' });
    expect(db.prepare('SELECT entity, entity_id AS id, actor FROM changes').all()).toEqual([
      { entity: 'collection', id: 7, actor: 'system' },
      { entity: 'product', id: 3, actor: 'system' },
      // Version 4 setting the sort title is a change to the product, as any update is.
      { entity: 'product', id: 3, actor: 'system' },
    ]);
    expect(namesOf(db, 'table')).toEqual(expect.arrayContaining(['quote_requests', 'outbox']));
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    const upgraded = contents(db);
    db.close();
    // Opening again changes nothing.
    const again = openDatabase(file);
    expect(contents(again)).toEqual(upgraded);
    again.close();
  });
  it('opens a database the code of version 4 made without changing a row', () => {
    // Version 4's code made every table of migrations 5 to 9 too (it ran them on each open)
    // and recorded 4: the same database, but for the recorded number. Later migrations'
    // tables were never made by it.
    const file = olderDatabase(
      9,
      `UPDATE meta SET value = '4' WHERE key = 'schema_version';
       INSERT INTO meta (key, value) VALUES ('database_id', 'made-by-version-4');
       INSERT INTO collections (id, handle, title, max_child_items) VALUES (7, 'wheels', 'Wheels', 5);
       INSERT INTO products (id, handle, title, sort_title) VALUES (3, 'seal', 'Seal', 'Seal');
       INSERT INTO change_actor (id, name) VALUES (1, 'admin:Jane');
       UPDATE products SET vendor = 'Crown' WHERE id = 3;
       DELETE FROM change_actor;
       INSERT INTO quote_requests (name, email, part_numbers, quantity, created_at)
         VALUES ('Jo', 'jo@example.com', '85288-001', 2, '2026-11-20T10:00:00.000Z');`,
    );
    const before = new DatabaseSync(file);
    const rows = contents(before);
    before.close();

    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    const meta = (table: Record<string, unknown[]>) => ({ ...table, meta: [] });
    // Migrations 10, 12, 13, 14, 15 and 16 add their empty tables (15 indexes part numbers,
    // and the product has none), and 13 a column every product has unset; every other table is as
    // it was.
    const {
      mail_queue: added,
      contact_messages: addedToo,
      machine_models: models,
      machine_model_keys: modelKeys,
      serial_formats: formats,
      product_fitment: fitment,
      fitment_bulk: bulkFlag,
      customer_fleets: fleets,
      customer_part_lists: lists,
      part_numbers: partNumbers,
      product_cross_references: references,
      products,
      ...kept
    } = contents(db);
    for (const empty of [
      added,
      addedToo,
      models,
      modelKeys,
      formats,
      fitment,
      bulkFlag,
      fleets,
      lists,
      partNumbers,
      references,
    ]) {
      expect(empty).toEqual([]);
    }
    expect(products).toEqual(
      (rows.products ?? []).map((product) => ({ ...(product as object), fits_universally: 0 })),
    );
    const { products: _before, ...keptBefore } = rows;
    expect(meta(kept)).toEqual(meta(keptBefore));
    expect(db.prepare("SELECT value FROM meta WHERE key = 'database_id'").get()).toEqual({
      value: 'made-by-version-4',
    });
    expect(db.prepare('SELECT entity_id AS id, actor FROM changes ORDER BY seq').all()).toEqual([
      { id: 7, actor: 'system' },
      { id: 3, actor: 'system' },
      { id: 3, actor: 'admin:Jane' },
    ]);
    db.close();
  });

  it('gives the change feed of a version 2 database its actor column, old rows as system', () => {
    const file = olderDatabase(2, "INSERT INTO products (id, handle, title) VALUES (1, 'a', 'A')");

    const db = openDatabase(file);
    expect(columnsOf(db, 'changes')).toContain('actor');
    // The product triggers feed the changes as before; the actor trigger labels them.
    db.exec("INSERT INTO change_actor (id, name) VALUES (1, 'admin:Jane')");
    db.exec("INSERT INTO products (id, handle, title) VALUES (2, 'b', 'B')");
    db.exec('DELETE FROM change_actor');
    expect(db.prepare('SELECT entity_id AS id, actor FROM changes ORDER BY seq').all()).toEqual([
      { id: 1, actor: 'system' },
      { id: 1, actor: 'system' }, // version 4 setting its sort title
      { id: 2, actor: 'admin:Jane' },
    ]);
    db.close();
  });

  it('fills the title sort key of products a version 3 database holds, and indexes it', () => {
    const file = olderDatabase(
      3,
      `CREATE INDEX products_title_sort ON products(title COLLATE NOCASE, id);
       INSERT INTO products (id, handle, title) VALUES (1, 'a', '<b>Seal</b> &amp; kit');`,
    );

    const db = openDatabase(file);
    expect(db.prepare('SELECT sort_title FROM products').get()).toEqual({
      sort_title: 'Seal & kit',
    });
    const indexes = namesOf(db, 'index');
    expect(indexes).toContain('products_sort_title');
    // The index on the raw title it replaces is gone.
    expect(indexes).not.toContain('products_title_sort');
    db.close();
  });

  it('leaves a database whose migration fails at the version before it', () => {
    // A version 1 database that somehow has version 2's column already: version 2 fails.
    const file = olderDatabase(
      1,
      `ALTER TABLE collections ADD COLUMN max_child_items INTEGER;
       INSERT INTO collections (id, handle, title) VALUES (7, 'wheels', 'Wheels');`,
    );

    expect(() => openDatabase(file)).toThrow(/duplicate column name: max_child_items/);
    const db = new DatabaseSync(file);
    expect(schemaVersion(db)).toBe(1);
    expect(columnsOf(db, 'changes')).not.toContain('actor');
    expect(db.prepare('SELECT handle FROM collections').all()).toEqual([{ handle: 'wheels' }]);
    db.close();
  });

  it('refuses a database newer than this code, leaving it as it was', () => {
    const newer = LATEST_VERSION + 1;
    const file = olderDatabase(
      LATEST_VERSION,
      `UPDATE meta SET value = '${newer}' WHERE key = 'schema_version';`,
    );

    expect(() => openDatabase(file)).toThrow(
      `The database is at schema version ${newer}, newer than this code's ${LATEST_VERSION}`,
    );
    const db = new DatabaseSync(file);
    expect(schemaVersion(db)).toBe(newer);
    db.close();
  });

  it('keeps a bad value out of the added column', () => {
    const db = openDatabase(':memory:');
    expect(() =>
      db.exec("INSERT INTO collections (handle, title, max_child_items) VALUES ('x', 'X', 0)"),
    ).toThrow(/CHECK/);
  });
});

describe('transaction', () => {
  /** A database with one empty table t, and how many rows t holds. */
  const tableDb = () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (n INTEGER)');
    return { db, rows: () => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n };
  };

  it('undoes everything when its work throws, and rethrows that error', () => {
    const { db, rows } = tableDb();
    expect(() =>
      transaction(db, () => {
        db.exec('INSERT INTO t VALUES (1)');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(rows()).toBe(0);
  });

  it('reports the original error when SQLite already rolled the whole transaction back', () => {
    const { db, rows } = tableDb();
    // What a full disk or an interrupt does: the transaction, savepoint and all, is gone.
    expect(() =>
      transaction(db, () => {
        db.exec('INSERT INTO t VALUES (1)');
        db.exec('ROLLBACK');
        throw new Error('database or disk is full');
      }),
    ).toThrow('database or disk is full');
    expect(db.isTransaction).toBe(false);
    expect(rows()).toBe(0);
  });
});
