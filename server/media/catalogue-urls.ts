import type { Database } from '../db/open.ts';
import { MEDIA_URL_PREFIX } from './media-files.ts';

/**
 * Every column that holds one media URL (server/db/migrations/): product pictures, 3D models
 * and their posters, PDF manuals, collection pictures and image placements, article pictures.
 * UNION keeps each URL once, however many products share it.
 */
const URL_COLUMNS_SQL = /* sql */ `
  SELECT url FROM product_images
  UNION SELECT image_url FROM products WHERE image_url IS NOT NULL
  UNION SELECT url FROM product_model3ds
  UNION SELECT poster_url FROM product_model3ds
  UNION SELECT url FROM product_pdfs
  UNION SELECT image_url FROM collections WHERE image_url IS NOT NULL
  UNION SELECT image_path FROM collection_images
  UNION SELECT image_url FROM articles WHERE image_url IS NOT NULL
`;

/**
 * HTML a merchandiser writes, which may show a media picture or link a manual. LIKE lets
 * SQLite pass over the bodies that name no media URL without handing them to JavaScript.
 */
const HTML_COLUMNS_SQL = /* sql */ `
  SELECT description_html AS html FROM products WHERE description_html LIKE '%/api/media/%'
  UNION ALL
  SELECT description_html FROM collections WHERE description_html LIKE '%/api/media/%'
  UNION ALL SELECT body_html FROM articles WHERE body_html LIKE '%/api/media/%'
  UNION ALL SELECT body_html FROM pages WHERE body_html LIKE '%/api/media/%'
  UNION ALL SELECT body_html FROM help_answers WHERE body_html LIKE '%/api/media/%'
`;

/** A media URL inside HTML: it ends where an attribute value, a tag or a CSS url() ends. */
const URL_IN_HTML = /\/api\/media\/[^\s"'<>()\\]+/g;

/**
 * The media URLs the catalogue refers to, each once: the URL columns and the URLs written in
 * product, collection, article, page and help HTML. Not filtered: a URL that is not a media
 * name (another host, an uploaded .jpg) is left for mediaPathsOf to drop.
 * @example catalogueMediaUrls(db) // ['/api/media/products/wheel-3.svg', ...]
 */
export function catalogueMediaUrls(db: Database): Set<string> {
  const urls = new Set<string>();
  for (const row of db.prepare(URL_COLUMNS_SQL).all()) urls.add(String(row['url']));
  for (const row of db.prepare(HTML_COLUMNS_SQL).all()) {
    for (const match of String(row['html']).matchAll(URL_IN_HTML)) urls.add(match[0]);
  }
  return urls;
}

/**
 * Every string below /api/media/ anywhere in a value, such as the banner URLs of the store
 * configuration (shared/store-config.ts), which the database does not hold.
 * @example mediaUrlsIn(storeConfig) // ['/api/media/banners/featured-products.svg', ...]
 */
export function mediaUrlsIn(value: unknown): string[] {
  const urls = new Set<string>();
  const seen = new Set<object>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      if (node.startsWith(MEDIA_URL_PREFIX)) urls.add(node);
    } else if (typeof node === 'object' && node !== null && !seen.has(node)) {
      seen.add(node);
      for (const child of Object.values(node)) walk(child);
    }
  };
  walk(value);
  return [...urls];
}
