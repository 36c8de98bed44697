import type { StatementSync } from 'node:sqlite';
import { titleSortKey } from '../../shared/format/title-order.ts';
import type { Database } from '../db/open.ts';
import { transaction } from '../db/open.ts';
import { searchKeywords, searchRow } from './search-row.ts';
import { statements } from './write-statements.ts';
import { writePartNumbers } from './part-index.ts';
import {
  collectionInputSchema,
  productInputSchema,
  VIDEO_METAFIELD_KEY,
  type Collection,
  type CollectionInput,
  type Product,
  type ProductInput,
} from './input.ts';
import { vendorNameProblem } from './vendor-name.ts';

/** Cents from a validated decimal amount. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** A record the caller asked for does not exist (routes answer 404). */
export class NotFoundError extends Error {}
/** A record refers to something that does not exist, or breaks a rule (routes answer 422). */
export class InvalidRecordError extends Error {
  /** The field at fault, e.g. ['collections', 1], so the merchandiser API can name it. */
  readonly path: readonly PropertyKey[];
  constructor(message: string, path: readonly PropertyKey[] = []) {
    super(message);
    this.path = path;
  }
}

const bool = (value: boolean): number => (value ? 1 : 0);

function collectionId(db: Database, handle: string, path: readonly PropertyKey[]): number {
  const row = statements(db).collectionIdByHandle.get(handle) as { id: number } | undefined;
  if (!row) throw new InvalidRecordError(`collection "${handle}" does not exist`, path);
  return row.id;
}

/**
 * The record that has this record's handle, if any; refuses the write when that is another
 * record than the one the input names by id (a handle belongs to one record).
 */
function handleOwner(
  byHandle: StatementSync,
  record: { id?: number | undefined; handle: string },
  kind: 'product' | 'collection',
): { id: number } | undefined {
  const existing = byHandle.get(record.handle) as { id: number } | undefined;
  if (record.id !== undefined && existing && existing.id !== record.id) {
    throw new InvalidRecordError(`handle "${record.handle}" belongs to another ${kind}`, [
      'handle',
    ]);
  }
  return existing;
}

/**
 * Creates or replaces a collection, found by id or else by handle. Returns its id.
 * The parent must exist already (import parents first).
 */
export function upsertCollection(db: Database, input: CollectionInput | Collection): number {
  const collection = collectionInputSchema.parse(input);
  const st = statements(db);
  return transaction(db, () => {
    const existing = handleOwner(st.collectionIdByHandle, collection, 'collection');
    const parentId =
      collection.parent === null ? null : collectionId(db, collection.parent, ['parent']);
    const id = collection.id ?? existing?.id ?? null;
    if (id !== null && parentId === id) {
      throw new InvalidRecordError('a collection cannot be its own parent', ['parent']);
    }
    const oldTitle =
      id === null
        ? undefined
        : (st.collectionTitle.get(id) as { title: string } | undefined)?.title;
    const row = st.upsertCollection.get({
      id,
      handle: collection.handle,
      title: collection.title,
      seoTitle: collection.seoTitle,
      seoDescription: collection.seoDescription,
      isIndexed: bool(collection.isIndexed),
      imageUrl: collection.imageUrl,
      descriptionHtml: collection.descriptionHtml,
      parentId,
      position: collection.position,
      isFeatured: bool(collection.isFeatured),
      maxChildItemsToDisplay: collection.maxChildItemsToDisplay,
    }) as { id: number };
    st.deleteCollectionImages.run(row.id);
    for (const [placement, image] of Object.entries(collection.images)) {
      st.insertCollectionImage.run(row.id, placement, image.imagePath, image.altText);
    }
    if (oldTitle !== undefined && oldTitle !== collection.title) {
      refreshKeywords(db, productsIn(db, row.id));
    }
    return row.id;
  });
}

const productsIn = (db: Database, collectionId: number): number[] =>
  (statements(db).productsInCollection.all(collectionId) as { product_id: number }[]).map(
    (r) => r.product_id,
  );

/**
 * Rewrites the search keywords (collection titles and tag values) of these products, after
 * a collection they belong to was renamed or removed, so search finds them by what their
 * categories are called now.
 */
function refreshKeywords(db: Database, productIds: readonly number[]): void {
  const st = statements(db);
  for (const id of productIds) {
    const titles = (st.collectionTitles.all(id) as { title: string }[]).map((r) => r.title);
    const tags = (st.tagValues.all(id) as { value: string }[]).map((r) => r.value);
    st.updateFtsKeywords.run(searchKeywords(titles, tags), id);
  }
}

/**
 * Creates or replaces a product with everything under it, found by id or else by handle.
 * Variants and inventory levels keep their ids when the input gives them (or, without ids,
 * when a variant of the same title exists), so carts survive a catalogue update.
 * Returns the product id.
 */
export function upsertProduct(db: Database, input: ProductInput | Product): number {
  const product = productInputSchema.parse(input);
  const vendorProblem = vendorNameProblem(product.vendor);
  if (vendorProblem) throw new InvalidRecordError(vendorProblem, ['vendor']);
  const st = statements(db);
  return transaction(db, () => {
    const existing = handleOwner(st.productIdByHandle, product, 'product');
    const collectionIds = product.collections.map((handle, index) =>
      collectionId(db, handle, ['collections', index]),
    );
    const ratings = product.reviews.map((review) => review.starsRating);
    const available = product.variants.some(
      (variant) =>
        variant.availableForSale &&
        (variant.inventory.bypassNegativeQuantity || variant.inventory.availableQuantity > 0),
    );
    const row = st.upsertProduct.get({
      id: product.id ?? existing?.id ?? null,
      handle: product.handle,
      title: product.title,
      sortTitle: titleSortKey(product.title),
      seoTitle: product.seoTitle,
      seoDescription: product.seoDescription,
      isIndexed: bool(product.isIndexed),
      vendor: product.vendor,
      sku: product.sku,
      productCode: product.productCode,
      condition: product.condition,
      priceCents: toCents(product.price),
      compareAtPriceCents: product.compareAtPrice === null ? null : toCents(product.compareAtPrice),
      imageUrl: product.imageUrl ?? product.images[0]?.url ?? null,
      descriptionHtml: product.descriptionHtml,
      isFeatured: bool(product.isFeatured),
      featuredOrder: product.featuredOrder,
      freeShipping: bool(product.isEligibleForFreeShipping),
      unitsSold: product.unitsSold,
      availableForSale: bool(available),
      avgRating: ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : 0,
      totalReviews: ratings.length,
    }) as { id: number };
    const id = row.id;
    const fresh = existing === undefined && product.id === undefined;

    if (!fresh) st.deleteProductCollections.run(id);
    collectionIds.forEach((collection, position) =>
      st.insertProductCollection.run(id, collection, position),
    );
    if (!fresh) st.deleteTags.run(id);
    for (const tag of product.tags) {
      const at = tag.indexOf('_');
      st.insertTag.run(id, tag.slice(0, at), tag.slice(at + 1));
    }
    if (!fresh) st.deleteImages.run(id);
    product.images.forEach((image, position) =>
      st.insertImage.run(id, image.url, image.altText, image.imagePlacementId, position),
    );
    if (!fresh) st.deleteModels.run(id);
    for (const model of product.model3ds) st.insertModel.run(id, model.url, model.posterUrl);
    if (!fresh) st.deleteMetafields.run(id);
    for (const videoId of product.videoIds)
      st.insertMetafield.run(id, VIDEO_METAFIELD_KEY, videoId);
    for (const field of product.metafields) st.insertMetafield.run(id, field.key, field.value);
    if (!fresh) st.deletePdfs.run(id);
    for (const pdf of product.pdfs) st.insertPdf.run(id, pdf.url, pdf.filename);
    if (!fresh) st.deleteReviews.run(id);
    for (const review of product.reviews) {
      st.insertReview.run(
        id,
        review.starsRating,
        review.title,
        review.body,
        review.author,
        review.createdAt ?? null,
      );
    }
    writeOptionsAndVariants(db, id, product, fresh);
    writePartNumbers(st, id, product, fresh);

    st.deleteFts.run(id);
    const collectionTitles = (st.collectionTitles.all(id) as { title: string }[]).map(
      (r) => r.title,
    );
    const search = searchRow(product, collectionTitles);
    st.insertFts.run(id, search.title, search.vendor, search.codes, search.keywords);
    return id;
  });
}

function writeOptionsAndVariants(
  db: Database,
  productId: number,
  product: Product,
  fresh: boolean,
) {
  const st = statements(db);
  const optionIds = new Map<string, number>();
  const oldOptions = fresh ? [] : (st.optionsOf.all(productId) as { id: number; name: string }[]);
  product.options.forEach((name, position) => {
    const old = oldOptions.find((option) => option.name === name);
    if (old) {
      st.updateOptionPosition.run(position, old.id);
      optionIds.set(name, old.id);
    } else {
      optionIds.set(name, (st.insertOption.get(productId, name, position) as { id: number }).id);
    }
  });
  for (const old of oldOptions) if (!optionIds.has(old.name)) st.deleteOption.run(old.id);

  const oldVariants = fresh
    ? []
    : (st.variantsOf.all(productId) as { id: number; title: string }[]);
  const kept = new Set<number>();
  product.variants.forEach((variant, index) => {
    if (variant.id !== undefined) {
      const owner = st.variantOwner.get(variant.id) as { product_id: number } | undefined;
      if (owner && owner.product_id !== productId) {
        throw new InvalidRecordError(`variant ${variant.id} belongs to another product`, [
          'variants',
          index,
          'id',
        ]);
      }
    }
    const id =
      variant.id ?? oldVariants.find((old) => old.title === variant.title && !kept.has(old.id))?.id;
    const row = st.upsertVariant.get({
      id: id ?? null,
      productId,
      title: variant.title,
      sku: variant.sku,
      priceCents: toCents(variant.price),
      compareAtPriceCents: variant.compareAtPrice === null ? null : toCents(variant.compareAtPrice),
      availableForSale: bool(variant.availableForSale),
      position: variant.position ?? index + 1,
    }) as { id: number };
    kept.add(row.id);
    if (id !== undefined) st.deleteVariantOptions.run(row.id);
    for (const [name, value] of Object.entries(variant.options)) {
      st.insertVariantOption.run(row.id, optionIds.get(name) ?? 0, value);
    }
    if (variant.inventory.id !== undefined) {
      const owner = st.levelOwner.get(variant.inventory.id) as { variant_id: number } | undefined;
      if (owner && owner.variant_id !== row.id) {
        throw new InvalidRecordError(
          `inventory level ${variant.inventory.id} belongs to another variant`,
          ['variants', index, 'inventory', 'id'],
        );
      }
    }
    const levelId =
      variant.inventory.id ??
      (id === undefined ? undefined : (st.levelOf.get(row.id) as { id: number } | undefined)?.id);
    st.upsertLevel.run(
      levelId ?? null,
      row.id,
      variant.inventory.availableQuantity,
      bool(variant.inventory.bypassNegativeQuantity),
    );
  });
  for (const old of oldVariants) if (!kept.has(old.id)) st.deleteVariant.run(old.id);
}

/** Removes a product and everything under it (cart lines pointing at it go too). */
export function deleteProduct(db: Database, id: number): void {
  const st = statements(db);
  transaction(db, () => {
    if (st.deleteProduct.run(id).changes === 0) throw new NotFoundError(`product ${id} not found`);
    st.deleteFts.run(id);
  });
}

/**
 * Removes a collection; its children move to the top level, its products stay. Returns the
 * ids of the products it held.
 */
export function deleteCollection(db: Database, id: number): number[] {
  return transaction(db, () => {
    const members = productsIn(db, id);
    if (statements(db).deleteCollection.run(id).changes === 0) {
      throw new NotFoundError(`collection ${id} not found`);
    }
    refreshKeywords(db, members);
    return members;
  });
}
