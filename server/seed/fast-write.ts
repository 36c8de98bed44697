import { titleSortKey } from '../../shared/format/title-order.ts';
import type { Database } from '../db/open.ts';
import { VIDEO_METAFIELD_KEY, type Product } from '../catalog/input.ts';
import { searchRow } from '../catalog/search-row.ts';
import { toCents } from '../catalog/write.ts';
import { statements } from '../catalog/write-statements.ts';
import { writePartNumbers } from '../catalog/part-index.ts';

/** What the fast writer needs to know about a collection a product is filed in. */
export interface CollectionRef {
  id: number;
  title: string;
}

/**
 * The fast writer's statements: the catalogue's own inserts (write-statements.ts) for the
 * rows it writes as upsertProduct does, and its own for those a brand-new product writes
 * without look-ups: the product with its timestamps, its options, variants and stock levels.
 */
function prepareStatements(db: Database) {
  const s = (sql: string) => db.prepare(sql);
  return {
    ...statements(db),
    insertProduct: s(`
      INSERT INTO products (id, handle, title, sort_title, seo_title, seo_description, is_indexed,
        vendor, sku, product_code, condition, price_cents, compare_at_price_cents, image_url,
        description_html, is_featured, featured_order, free_shipping, units_sold,
        available_for_sale, avg_rating, total_reviews, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    insertOption: s('INSERT INTO product_options (product_id, name, position) VALUES (?, ?, ?)'),
    insertVariant: s(`
      INSERT INTO variants (product_id, title, sku, price_cents, compare_at_price_cents,
        available_for_sale, variant_position) VALUES (?, ?, ?, ?, ?, ?, ?)`),
    insertLevel: s(
      'INSERT INTO inventory_levels (variant_id, available_quantity, bypass_negative_quantity) VALUES (?, ?, ?)',
    ),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

const bool = (value: boolean) => (value ? 1 : 0);

/** The collections a product is filed in, each of which must exist already. */
function collectionRefs(
  collections: ReadonlyMap<string, CollectionRef>,
  product: Product,
): CollectionRef[] {
  return product.collections.map((handle) => {
    const ref = collections.get(handle);
    if (!ref) throw new Error(`collection "${handle}" does not exist`);
    return ref;
  });
}

/** The products row, with the columns `upsertProduct` derives (sort title, availability, rating). */
function writeProductRow(st: Statements, product: Product & { id: number }, stamp: string): void {
  const ratings = product.reviews.map((review) => review.starsRating);
  const available = product.variants.some(
    (v) =>
      v.availableForSale &&
      (v.inventory.bypassNegativeQuantity || v.inventory.availableQuantity > 0),
  );
  st.insertProduct.run(
    product.id,
    product.handle,
    product.title,
    titleSortKey(product.title),
    product.seoTitle,
    product.seoDescription,
    bool(product.isIndexed),
    product.vendor,
    product.sku,
    product.productCode,
    product.condition,
    toCents(product.price),
    product.compareAtPrice === null ? null : toCents(product.compareAtPrice),
    product.imageUrl ?? product.images[0]?.url ?? null,
    product.descriptionHtml,
    bool(product.isFeatured),
    product.featuredOrder,
    bool(product.isEligibleForFreeShipping),
    product.unitsSold,
    bool(available),
    ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : 0,
    ratings.length,
    stamp,
    stamp,
  );
}

/** The rows that hang off a product: collections, tags, images, models, metafields, manuals, reviews. */
function writeAttachments(
  st: Statements,
  id: number,
  product: Product,
  refs: readonly CollectionRef[],
): void {
  refs.forEach((ref, position) => st.insertProductCollection.run(id, ref.id, position));
  for (const tag of product.tags) {
    const at = tag.indexOf('_');
    st.insertTag.run(id, tag.slice(0, at), tag.slice(at + 1));
  }
  product.images.forEach((image, position) =>
    st.insertImage.run(id, image.url, image.altText, image.imagePlacementId, position),
  );
  for (const model of product.model3ds) st.insertModel.run(id, model.url, model.posterUrl);
  for (const videoId of product.videoIds) st.insertMetafield.run(id, VIDEO_METAFIELD_KEY, videoId);
  for (const field of product.metafields) st.insertMetafield.run(id, field.key, field.value);
  for (const pdf of product.pdfs) st.insertPdf.run(id, pdf.url, pdf.filename);
  for (const r of product.reviews) {
    st.insertReview.run(id, r.starsRating, r.title, r.body, r.author, r.createdAt ?? null);
  }
}

/** The options, then each variant with its option values and its stock level. */
function writeVariants(st: Statements, id: number, product: Product): void {
  const optionIds = new Map<string, number>();
  product.options.forEach((name, position) => {
    optionIds.set(name, Number(st.insertOption.run(id, name, position).lastInsertRowid));
  });
  product.variants.forEach((variant, index) => {
    const variantId = st.insertVariant.run(
      id,
      variant.title,
      variant.sku,
      toCents(variant.price),
      variant.compareAtPrice === null ? null : toCents(variant.compareAtPrice),
      bool(variant.availableForSale),
      variant.position ?? index + 1,
    ).lastInsertRowid;
    for (const [name, value] of Object.entries(variant.options)) {
      st.insertVariantOption.run(variantId, optionIds.get(name) ?? 0, value);
    }
    st.insertLevel.run(
      variantId,
      variant.inventory.availableQuantity,
      bool(variant.inventory.bypassNegativeQuantity),
    );
  });
}

/**
 * Writes a brand-new, already validated product the way `upsertProduct`
 * (server/catalog/write.ts) would leave it (same rows, same order, same derived columns and
 * FTS row) but with statements prepared once and no per-product savepoint or look-ups, so
 * 100,000 demo products seed in well under the 5 minutes issue 2 allows. Only for an empty
 * catalogue inside one outer transaction; `fast-write.test.ts` proves the rows match.
 * Timestamps are passed in, so the demo data does not depend on the clock.
 */
export function createProductWriter(db: Database, collections: ReadonlyMap<string, CollectionRef>) {
  const st = prepareStatements(db);
  return (product: Product & { id: number }, stamp: string): void => {
    const refs = collectionRefs(collections, product);
    writeProductRow(st, product, stamp);
    writeAttachments(st, product.id, product, refs);
    writeVariants(st, product.id, product);
    writePartNumbers(st, product.id, product, true);
    const row = searchRow(
      product,
      refs.map((ref) => ref.title),
    );
    st.insertFts.run(product.id, row.title, row.vendor, row.codes, row.keywords);
  };
}
