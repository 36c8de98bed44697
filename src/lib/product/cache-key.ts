import { createHash } from 'node:crypto';

/**
 * A page's incremental-build key (DESIGN, build pipeline 6) from everything the page
 * renders that can change: its own record's digest, the records it shows beside it, and
 * the build day when the page carries a date (an offer valid for a week).
 * @example pageCacheKey(['digest-1', 'q:3', '2024-06-01']) // 'a3f1...' (24 hex digits)
 */
export function pageCacheKey(parts: readonly (string | number | null | undefined)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part ?? ''}\u0000`);
  return hash.digest('hex').slice(0, 24);
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
  /** The shell of every page: menus, search categories, footer year (src/data/shell.ts). */
  shell: string;
  /** The build's UTC day: the structured data's priceValidUntil counts from it. */
  day: string;
  /** The related products shown as cards, in order. */
  related: readonly ShownRecord[];
  /** The product's questions, in order. */
  questions: readonly ShownRecord[];
  /**
   * What the page shows of its collections, as rendered: the breadcrumb trail and the top
   * banner of the first collection's chain (titles, handles, image and alt text).
   */
  collections: unknown;
}

/**
 * The incremental-build key of one product page (issue 12 item 4: "a page's cache key covers
 * everything it renders"). Cheap at 100,000 pages: the shell is one digest made once per
 * build, and the rest is the page's own short list.
 * @example productPageKey({ record: 'd1', shell: 's', day: '2026-11-24', related: [],
 *   questions: [], collections: { crumbs: [] } }) // 24 hex digits
 */
export function productPageKey(inputs: ProductPageInputs): string {
  const shown = (tag: string, records: readonly ShownRecord[]) =>
    records.map(({ id, digest }) => `${tag}${id}:${digest}`);
  return pageCacheKey([
    inputs.record,
    inputs.shell,
    inputs.day,
    JSON.stringify(inputs.collections),
    // The counts keep the lists apart: a related product cannot pass for a question.
    `r${inputs.related.length}`,
    ...shown('r', inputs.related),
    `q${inputs.questions.length}`,
    ...shown('q', inputs.questions),
  ]);
}
