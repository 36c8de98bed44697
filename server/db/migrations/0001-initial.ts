import type { Database } from '../database.ts';
import type { Migration } from '../database.ts';

/**
 * Version 1: the base schema, as the first version of the reference API made it.
 *
 * Money is stored as integer cents; the API turns it into decimal numbers at the edge.
 * Every catalogue table change is recorded in `changes` by triggers, which is the
 * change feed a rebuild reads (GET /api/changes?since=).
 */
const tablesSql = /* sql */ `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS collections (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  seo_title TEXT,
  seo_description TEXT,
  is_indexed INTEGER NOT NULL DEFAULT 1,
  image_url TEXT,
  description_html TEXT NOT NULL DEFAULT '',
  parent_id INTEGER REFERENCES collections(id) ON DELETE SET NULL,
  position INTEGER NOT NULL DEFAULT 0,
  is_featured INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX IF NOT EXISTS collections_parent ON collections(parent_id, position);

-- Image placements of a collection (e.g. topBanner, menuImage).
CREATE TABLE IF NOT EXISTS collection_images (
  collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  placement TEXT NOT NULL,
  image_path TEXT NOT NULL,
  alt_text TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (collection_id, placement)
);

CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  seo_title TEXT,
  seo_description TEXT,
  is_indexed INTEGER NOT NULL DEFAULT 1,
  vendor TEXT NOT NULL DEFAULT '',
  sku TEXT NOT NULL DEFAULT '',
  product_code TEXT NOT NULL DEFAULT '',
  condition TEXT NOT NULL DEFAULT 'New',
  price_cents INTEGER NOT NULL DEFAULT 0,
  compare_at_price_cents INTEGER,
  image_url TEXT,
  description_html TEXT NOT NULL DEFAULT '',
  is_featured INTEGER NOT NULL DEFAULT 0,
  featured_order INTEGER,
  free_shipping INTEGER NOT NULL DEFAULT 1,
  units_sold INTEGER NOT NULL DEFAULT 0,
  -- Derived at write time (server/catalog/write.ts) so lists can sort and filter on them.
  available_for_sale INTEGER NOT NULL DEFAULT 1,
  avg_rating REAL NOT NULL DEFAULT 0,
  total_reviews INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX IF NOT EXISTS products_vendor ON products(vendor);
CREATE INDEX IF NOT EXISTS products_price ON products(price_cents);
CREATE INDEX IF NOT EXISTS products_featured ON products(is_featured, featured_order);

CREATE TABLE IF NOT EXISTS product_collections (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (collection_id, product_id)
);
CREATE INDEX IF NOT EXISTS product_collections_product ON product_collections(product_id);

CREATE TABLE IF NOT EXISTS product_images (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  alt_text TEXT NOT NULL DEFAULT '',
  image_placement_id INTEGER,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS product_images_product ON product_images(product_id, position);

CREATE TABLE IF NOT EXISTS product_model3ds (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  poster_url TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS product_model3ds_product ON product_model3ds(product_id);

CREATE TABLE IF NOT EXISTS product_metafields (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS product_metafields_product ON product_metafields(product_id);

CREATE TABLE IF NOT EXISTS product_pdfs (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  local_filename TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS product_pdfs_product ON product_pdfs(product_id);

CREATE TABLE IF NOT EXISTS product_tags (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  prefix TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (product_id, prefix, value)
);
CREATE INDEX IF NOT EXISTS product_tags_filter ON product_tags(prefix, value);

CREATE TABLE IF NOT EXISTS reviews (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  stars_rating INTEGER NOT NULL CHECK (stars_rating BETWEEN 1 AND 5),
  title TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  author TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX IF NOT EXISTS reviews_product ON reviews(product_id);

CREATE TABLE IF NOT EXISTS product_options (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS product_options_product ON product_options(product_id);

CREATE TABLE IF NOT EXISTS variants (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  sku TEXT NOT NULL DEFAULT '',
  price_cents INTEGER NOT NULL,
  compare_at_price_cents INTEGER,
  available_for_sale INTEGER NOT NULL DEFAULT 1,
  variant_position INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS variants_product ON variants(product_id, variant_position);

CREATE TABLE IF NOT EXISTS variant_options (
  variant_id INTEGER NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  option_id INTEGER NOT NULL REFERENCES product_options(id) ON DELETE CASCADE,
  value TEXT NOT NULL,
  PRIMARY KEY (variant_id, option_id)
);

-- What a cart line points at: one stock record per variant (one location in the demo).
CREATE TABLE IF NOT EXISTS inventory_levels (
  id INTEGER PRIMARY KEY,
  variant_id INTEGER NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  available_quantity INTEGER NOT NULL DEFAULT 0,
  bypass_negative_quantity INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS inventory_levels_variant ON inventory_levels(variant_id);

-- Full-text search over products. Trigram tokens find partial words and part numbers;
-- the "codes" column holds part numbers with punctuation removed, so that 85-288 and
-- 85288 both find 85288-001.
CREATE VIRTUAL TABLE IF NOT EXISTS products_fts USING fts5(
  title, vendor, codes, keywords,
  tokenize = 'trigram case_sensitive 0'
);

CREATE TABLE IF NOT EXISTS checkouts (
  id TEXT PRIMARY KEY,
  discount_code TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE IF NOT EXISTS checkout_line_items (
  id INTEGER PRIMARY KEY,
  checkout_id TEXT NOT NULL REFERENCES checkouts(id) ON DELETE CASCADE,
  inventory_level_id INTEGER NOT NULL REFERENCES inventory_levels(id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (checkout_id, inventory_level_id)
);

CREATE TABLE IF NOT EXISTS discount_codes (
  code TEXT PRIMARY KEY COLLATE NOCASE,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'amount')),
  value INTEGER NOT NULL,
  minimum_subtotal_cents INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1
);

-- Idempotency-Key records, scoped to a checkout (spec: storefront 7).
CREATE TABLE IF NOT EXISTS idempotency_keys (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('in_flight', 'done')),
  response_status INTEGER,
  response_body TEXT,
  response_headers TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
);

CREATE TABLE IF NOT EXISTS countries (
  code TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS states (
  id INTEGER PRIMARY KEY,
  country_code TEXT NOT NULL REFERENCES countries(code) ON DELETE CASCADE,
  code TEXT NOT NULL,
  title TEXT NOT NULL,
  tax_rate REAL NOT NULL DEFAULT 0,
  shipping_cents INTEGER NOT NULL DEFAULT 0,
  mainland INTEGER NOT NULL DEFAULT 1,
  UNIQUE (country_code, code)
);

CREATE TABLE IF NOT EXISTS customers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER REFERENCES customers(id) ON DELETE SET NULL,
  displayable_id TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'PENDING',
  total_cents INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE IF NOT EXISTS order_related_products (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (order_id, product_id)
);

CREATE TABLE IF NOT EXISTS articles (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  body_html TEXT NOT NULL DEFAULT '',
  author TEXT NOT NULL DEFAULT '',
  image_url TEXT,
  published_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE IF NOT EXISTS help_answers (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  body_html TEXT NOT NULL DEFAULT '',
  topic TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS pages (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  body_html TEXT NOT NULL DEFAULT ''
);

CREATE TABLE IF NOT EXISTS question_topics (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS questions (
  id INTEGER PRIMARY KEY,
  displayable_id TEXT NOT NULL UNIQUE,
  handle TEXT NOT NULL,
  topic_id INTEGER REFERENCES question_topics(id) ON DELETE SET NULL,
  product_id INTEGER REFERENCES products(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  answer_html TEXT NOT NULL DEFAULT '',
  asked_by TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX IF NOT EXISTS questions_topic ON questions(topic_id);
CREATE INDEX IF NOT EXISTS questions_product ON questions(product_id);

CREATE TABLE IF NOT EXISTS site_reviews (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  message TEXT,
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  url TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- Store-wide settings such as the free-shipping amount, as JSON values.
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- The change feed: one row per changed catalogue record, newest last.
CREATE TABLE IF NOT EXISTS changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  entity TEXT NOT NULL CHECK (entity IN ('product', 'collection')),
  entity_id INTEGER NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('upsert', 'delete')),
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
`;

/**
 * The triggers that feed `changes` from one catalogue table: an upsert row for each insert
 * and update, a delete row for each delete.
 */
function changeFeedTriggers(table: string, entity: 'product' | 'collection'): string {
  const ops = [
    ['insert', 'INSERT', 'NEW', 'upsert'],
    ['update', 'UPDATE', 'NEW', 'upsert'],
    ['delete', 'DELETE', 'OLD', 'delete'],
  ] as const;
  return ops
    .map(
      ([name, event, row, op]) => /* sql */ `
CREATE TRIGGER IF NOT EXISTS ${table}_changed_${name} AFTER ${event} ON ${table} BEGIN
  INSERT INTO changes (entity, entity_id, op) VALUES ('${entity}', ${row}.id, '${op}');
END;`,
    )
    .join('\n');
}

export const initial: Migration = {
  version: 1,
  up(db: Database) {
    db.exec(tablesSql);
    db.exec(changeFeedTriggers('products', 'product'));
    db.exec(changeFeedTriggers('collections', 'collection'));
  },
};
