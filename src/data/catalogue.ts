import { getCollection } from 'astro:content';
import { entryDigest, listedDigest, type ShownRecord } from '../lib/product/cache-key.ts';
import { compareNocase, titleSortKey } from '../../shared/format/title-order.ts';
import type { ProductRecord } from '../../shared/contracts/product-record.ts';
import { buildMemo } from './build-memo.ts';
import { collectionTree, type CollectionTree } from './collections.ts';
import { sortedFromLast } from '../lib/content/sorted-from-last.ts';

/**
 * Lookups over the whole catalogue, built once per build and shared by every page
 * (DESIGN, build pipeline 7: a getCollection() in every page's frontmatter grows with
 * pages times entries). Pages call `await catalogue()` and read maps, never scan lists.
 */
export interface Catalogue extends CollectionTree {
  products: readonly ProductRecord[];
  /** The products in the API's title order (shared/format/title-order.ts), sorted once. */
  productsByTitle: readonly ProductRecord[];
  productById: ReadonlyMap<number, ProductRecord>;
  /** Products of a collection and all its descendants, by title, each once. */
  productsIn: (collectionId: number) => readonly ProductRecord[];
  /** Brands with their product counts, by name. */
  vendors: readonly { name: string; productCount: number }[];
  /** Products of one brand (case-insensitive), by title. */
  productsOfVendor: (name: string) => readonly ProductRecord[];
  /**
   * A list page's products, in order, each with the digest of its record as a card shows it
   * (listedDigest: without its machines, which a model page's list shows by being its list):
   * what the page's incremental-build key (listPageKey) shows.
   */
  shownOf: (products: readonly { id: number }[]) => ShownRecord[];
}

/** The catalogue lookups of this build (made on first use). */
export const catalogue: () => Promise<Catalogue> = buildMemo(build);

async function build(): Promise<Catalogue> {
  const [productEntries, tree] = await Promise.all([getCollection('products'), collectionTree()]);
  const products = productEntries.map((entry) => entry.data);
  // One sort by title: every list below (each collection's, each brand's) is filled in this
  // order, instead of each sorting again (90 collections, most of them holding tens of
  // thousands of the 100,000 products).
  // The API's title order (shared/format/title-order.ts), each title's key made once.
  const inTitleOrder = sortedFromLast(
    'catalogue-titles',
    products.map((product) => ({ product, key: titleSortKey(product.title) })),
    ({ product }) => product.id,
    (a, b) => compareNocase(a.key, b.key) || a.product.id - b.product.id,
  ).map(({ product }) => product);
  const { collections, collectionById } = tree;

  // A collection and its ancestors; a corrupt parent chain cannot loop the build, and an id
  // that is no collection has none.
  const lineage = (id: number): number[] => {
    const found: number[] = [];
    for (let at: number | null = id; at !== null && collectionById.has(at);) {
      if (found.includes(at)) break;
      found.push(at);
      at = collectionById.get(at)?.parentId ?? null;
    }
    return found;
  };
  const lineages = new Map(collections.map((c) => [c.id, lineage(c.id)]));

  // Each collection's products are those of its subtree, each once, in title order.
  const subtreeProducts = new Map<number, ProductRecord[]>();
  const vendorProducts = new Map<string, ProductRecord[]>();
  for (const product of inTitleOrder) {
    const holders = new Set(product.Collections.flatMap(({ id }) => lineages.get(id) ?? []));
    for (const id of holders) {
      const list = subtreeProducts.get(id) ?? [];
      list.push(product);
      subtreeProducts.set(id, list);
    }
    if (product.vendor) {
      const key = product.vendor.toLowerCase();
      const list = vendorProducts.get(key) ?? [];
      list.push(product);
      vendorProducts.set(key, list);
    }
  }
  const productsIn = (collectionId: number): readonly ProductRecord[] =>
    subtreeProducts.get(collectionId) ?? [];

  const vendors = [...vendorProducts.values()]
    .map((list) => ({ name: list[0]?.vendor ?? '', productCount: list.length }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));

  // Made here, once per build, so that no page key digests a record of its own.
  const listedDigests = new Map(
    productEntries.map((entry) => [entry.data.id, listedDigest(entryDigest(entry))]),
  );

  return {
    ...tree,
    products,
    productsByTitle: inTitleOrder,
    productById: new Map(products.map((p) => [p.id, p])),
    productsIn,
    vendors,
    productsOfVendor: (name) => vendorProducts.get(name.toLowerCase()) ?? [],
    shownOf: (shown) => shown.map(({ id }) => ({ id, digest: listedDigests.get(id) ?? '' })),
  };
}
