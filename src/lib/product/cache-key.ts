import { createHash } from 'node:crypto';
import type { CollectionRecord } from '../../../shared/contracts/catalogue-records.ts';

/**
 * A page's incremental-build key (DESIGN, build pipeline 6) from everything the page
 * renders that can change: its own record's digest, the records it shows beside it, and
 * the build day when the page carries a date (an offer valid for a week).
 * @example pageCacheKey(['digest-1', 'q:3', '2024-06-01']) // 'a3f1...' (24 hex digits)
 */
export function pageCacheKey(parts: readonly (string | number | null | undefined)[]): string {
  // One update of the joined parts, the same digest as one update per part: a list page's
  // 24 records made 3 million calls in a listing of 128,000 pages.
  let text = '';
  for (const part of parts) text += `${part ?? ''}\u0000`;
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/**
 * The digest of a content-collection entry: the one its loader stored (a digest of the API's
 * record), else one of the parsed data, so a loader that stores none cannot make an entry
 * look unchanged for ever.
 * @example entryDigest({ digest: 'f00d', data: { id: 1 } }) // 'f00d'
 */
export function entryDigest(entry: {
  digest?: string | number | undefined;
  data: unknown;
}): string {
  return entry.digest === undefined
    ? pageCacheKey([JSON.stringify(entry.data)])
    : String(entry.digest);
}

/**
 * A product record's digest in three parts, `rest+fitment+collections` (issue 31, item 11;
 * issue 33, item 1): the record without its machines and its collections, which the pages
 * listing it as a card show, its machines, which only its own page and the model pages show,
 * and its collections (ids, handles and titles), which its own page shows only through its
 * first collection's trail parts (withoutCollections). A fitment row added or a model renamed
 * (each product fitting it logs a change) then re-renders those pages and not every list the
 * product is a card of (listedDigest).
 *
 * `updatedAt` is left out: no page shows it, and a collection's delete touches its members'
 * (server/routes/admin-collections.ts) so that the feed brings their records again.
 * @example productRecordDigest({ id: 7, Fitment: { rows: [] } }, digest) // 'a1b2…+c3d4…+e5f6…'
 */
export function productRecordDigest(
  raw: Record<string, unknown>,
  digest: (data: Record<string, unknown>) => string,
): string {
  const { Fitment: fitment, Collections: collections, updatedAt: _shownNowhere, ...rest } = raw;
  return [rest, { Fitment: fitment ?? null }, { Collections: collections ?? null }]
    .map(digest)
    .join('+');
}

/**
 * The part of a product's digest (productRecordDigest) that its card shows: everything but
 * its machines and its collections. A digest of another form (a store written before the
 * split) is whole.
 * @example listedDigest('a1b2+c3d4+e5f6') // 'a1b2'
 */
export function listedDigest(digest: string): string {
  const end = digest.indexOf('+');
  return end === -1 ? digest : digest.slice(0, end);
}

/**
 * The part of a product's digest (productRecordDigest) that its own page shows of it when its
 * collections come from its first collection's trail parts (src/data/trails.ts): all but its
 * collections' titles and handles, which a rename changes in every member. A digest of
 * another form is whole.
 * @example withoutCollections('a1b2+c3d4+e5f6') // 'a1b2+c3d4'
 */
export function withoutCollections(digest: string): string {
  const parts = digest.split('+');
  return parts.length === 3 ? parts.slice(0, 2).join('+') : digest;
}

/** A record shown on a page beside its own, by id and digest. */
export interface ShownRecord {
  id: number;
  digest: string;
}

/**
 * Everything a product page (src/routes/product.astro) renders that can change without a
 * change to the code. Code and the configuration in the repository (src/lib/config: the
 * free-shipping amount, returns, paths, banners, messages) are covered by Astro's dependency
 * hash of the route, and SITE_URL (canonical and structured-data URLs) by its config hash:
 * either change re-renders every page.
 */
export interface ProductPageInputs {
  /** The product's own record: title, price, stock, images, reviews, vendor and brand link. */
  record: string;
  /** The build's UTC day: the structured data's priceValidUntil counts from it. */
  day: string;
  /**
   * The related products' ids, in order: the page carries the ids, and their cards come from
   * the API in the shopper's browser, so a related product's price or stock is no input.
   */
  related: readonly number[];
  /** The product's questions, in order. */
  questions: readonly ShownRecord[];
  /**
   * What the page shows of its collections, as rendered: the breadcrumb trail and the top
   * banner of the first collection's chain (titles, handles, image and alt text).
   */
  collections: unknown;
  /**
   * The article links the page shows, as resolved (articleLinksKey): the shipping and
   * compatibility articles and those its description links by id.
   */
  articles: string;
}

/**
 * The incremental-build key of one product page ("a page's cache key covers
 * everything it renders"). Cheap at 100,000 pages: the page's own short list. The shell is not
 * in it: its catalogue parts are published once and included (src/lib/shell/shell-parts.ts).
 * @example productPageKey({ record: 'd1', day: '2026-11-24', related: [],
 *   questions: [], collections: { crumbs: [] } }) // 24 hex digits
 */
export function productPageKey(inputs: ProductPageInputs): string {
  const shown = (tag: string, records: readonly ShownRecord[]) =>
    records.map(({ id, digest }) => `${tag}${id}:${digest}`);
  return pageCacheKey([
    inputs.record,
    inputs.day,
    JSON.stringify(inputs.collections),
    inputs.articles,
    // The counts keep the lists apart: a related product cannot pass for a question.
    `r${inputs.related.length}`,
    ...inputs.related.map((id) => `r${id}`),
    `q${inputs.questions.length}`,
    ...shown('q', inputs.questions),
  ]);
}

/**
 * Everything a page of a paged product list (a collection's, a brand's) renders that can
 * change without a change to the code.
 */
export interface ListPageInputs {
  /**
   * What the page shows around the list, each part already short: the collection's own record
   * digest, a brand's name, a digest of the child category tiles.
   */
  context: readonly (string | number | null | undefined)[];
  /** The one-based page and the number of pages: the title, the pager, the range text. */
  page: number;
  pages: number;
  /** The number of records in the whole list: "1,234 products", "Showing 25-48 of 1,234". */
  total: number;
  /** The records shown on this page, in order. */
  shown: readonly ShownRecord[];
}

/**
 * The incremental-build key of one page of a product list. The records count by id and
 * digest (made once per build, src/data/catalogue.ts), so a page of 24 cards hashes 24
 * short strings, not 24 records.
 * @example listPageKey({ context: ['Crown'], page: 2, pages: 3,
 *   total: 60, shown: [{ id: 7, digest: 'd7' }] }) // 24 hex digits
 */
export function listPageKey(inputs: ListPageInputs): string {
  return pageCacheKey([
    'list',
    `p${inputs.page}/${inputs.pages}`,
    `t${inputs.total}`,
    // The counts keep the context apart from the records: neither can pass for the other.
    `c${inputs.context.length}`,
    ...inputs.context,
    `s${inputs.shown.length}`,
    ...inputs.shown.map(({ id, digest }) => `${id}:${digest}`),
  ]);
}

/**
 * The key of a collection's page past PRODUCT_PAGES (src/lib/catalog/collection-page.ts): it
 * shows no product and no count, only its number in the context `listPageKey` takes.
 * @example loadingPageKey({ context: ['collection-digest'], page: 9 }) // 24 hex digits
 */
export function loadingPageKey(inputs: Pick<ListPageInputs, 'context' | 'page'>) {
  return pageCacheKey([
    'loading-list',
    `p${inputs.page}`,
    `c${inputs.context.length}`,
    ...inputs.context,
  ]);
}

/**
 * JSON of a view: what a page renders, already reduced to plain values (rows, links, cards,
 * tiles), never whole records. A value JSON would drop or flatten silently (a Map, a Set, a
 * function, a class instance) throws, so a view the key cannot see into fails the build
 * instead of leaving a page stale on the live site.
 * @example viewDigest({ rows: [{ title: 'Caster', price: '$19.50' }] }) // 24 hex digits
 */
export function viewDigest(view: unknown): string {
  assertPlain(view, '');
  return pageCacheKey([JSON.stringify(view)]);
}

/**
 * Throws on what JSON would drop or flatten in `value`, as JSON.stringify meets it (a value's
 * toJSON first). A walk of its own: as JSON.stringify's replacer it called back into
 * JavaScript for every value and array index, a second of a 128,000-page listing.
 */
function assertPlain(value: unknown, key: string): void {
  switch (typeof value) {
    case 'function':
    case 'symbol':
    case 'bigint':
      throw new TypeError(`viewDigest: ${key || 'the view'} is a ${typeof value}`);
    case 'object': {
      if (value === null) return;
      const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') {
        assertPlain((toJSON as (key: string) => unknown).call(value, key), key);
        return;
      }
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) assertPlain(value[index], String(index));
        return;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) {
        throw new TypeError(`viewDigest: ${key || 'the view'} is not a plain object`);
      }
      const record = value as Record<string, unknown>;
      for (const name in record) if (Object.hasOwn(record, name)) assertPlain(record[name], name);
    }
  }
}

/**
 * The incremental-build key of a page that renders only the shell and its props, when the
 * props are a view (viewDigest): the letter indexes, the product list, the blog's pages,
 * the sitemap's sections.
 * @example viewPageKey({ page: 1, totalPages: 1, items: [] }) // 24 hex digits
 */
export function viewPageKey(view: unknown): string {
  return pageCacheKey(['view', viewDigest(view)]);
}

/**
 * The key of a page whose view is a few `fields` and a long list of `rows` (a letter index's
 * entries, the product list's rows): each row's JSON is made once and kept with the row
 * object, which the routes keep while its record is the same object (productIndexEntry,
 * productListRows). A product that comes or goes changes every such page's count, and their
 * keys wrote 200,000 rows as JSON again at 100,000 products (issue 33, item 3). Rows must not
 * change once made, as a view never does.
 * @example rowsPageKey({ page: 1, count: 1 }, [{ label: 'Axle', path: '/p/axle' }]) // 24 hex digits
 */
export function rowsPageKey(fields: object, rows: readonly object[]): string {
  return pageCacheKey(['rows', viewDigest(fields), rows.length, ...rows.map(rowJson)]);
}

/** Each row's JSON (rowsPageKey); JSON holds no NUL, which pageCacheKey puts between parts. */
const rowJsons = new WeakMap<object, string>();

function rowJson(row: object): string {
  let json = rowJsons.get(row);
  if (json === undefined) {
    assertPlain(row, 'a row');
    json = JSON.stringify(row);
    rowJsons.set(row, json);
  }
  return json;
}

/**
 * A collection's record as its pages show it: without its product count, which changes with
 * every product added to it or taken out (the pages count their own lists), and without the
 * time of its last change, which no page shows. With the whole record's digest a new product
 * re-rendered every page of its collections, 7,124 at 100,000 products.
 */
export function collectionPageDigest<
  T extends Pick<CollectionRecord, 'productCount' | 'updatedAt'>,
>(record: T): string {
  const { productCount: _count, updatedAt: _changed, ...shown } = record;
  return viewDigest(shown);
}
