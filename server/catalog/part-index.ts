import {
  findsProduct,
  partKey,
  type CrossReference,
  type FindingRelation,
} from '../../shared/parts/cross-reference.ts';
import type { Database } from '../db/open.ts';
import type { Product } from './input.ts';
import type { statements } from './write-statements.ts';

type Statements = ReturnType<typeof statements>;

/**
 * A product's other makers' numbers, and every number it may be ordered by in `part_numbers`
 * (migration 15): its sku and product code, each variant's sku with the variant, and the
 * numbers it replaces or is interchangeable with. Called by every product write
 * (upsertProduct, the demo's fast writer) after the variants are written. `fresh`: a product
 * written for the first time has no rows to remove.
 */
export function writePartNumbers(
  st: Statements,
  productId: number,
  product: Pick<Product, 'sku' | 'productCode' | 'crossReferences'>,
  fresh: boolean,
): void {
  if (!fresh) {
    st.deleteCrossReferences.run(productId);
    st.deletePartNumbers.run(productId);
  }
  const add = (
    number: string,
    variantId: number | null,
    kind: 'own' | FindingRelation,
    brand = '',
  ) => {
    const key = partKey(number);
    if (key) st.insertPartNumber.run(key, productId, variantId, kind, brand, number);
  };
  add(product.sku, null, 'own');
  if (partKey(product.productCode) !== partKey(product.sku)) add(product.productCode, null, 'own');
  for (const { id, sku } of st.variantSkus.all(productId) as { id: number; sku: string }[]) {
    add(sku, id, 'own');
  }
  product.crossReferences.forEach((reference, position) => {
    st.insertCrossReference.run(
      productId,
      position,
      reference.brand,
      reference.number,
      reference.relation,
    );
    const { relation } = reference;
    if (findsProduct(relation)) add(reference.number, null, relation, reference.brand);
  });
}

/**
 * The other makers' numbers of each of `ids`, in the merchandiser's order (the build's bulk
 * records, routes/products-bulk.ts): one read for the page; a product without any is absent.
 */
export function crossReferencesOf(
  db: Database,
  ids: readonly number[],
): Map<number, CrossReference[]> {
  const rows = db
    .prepare(
      `SELECT product_id AS productId, brand, number, relation FROM product_cross_references
       WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, position`,
    )
    .all(JSON.stringify(ids)) as unknown as (CrossReference & { productId: number })[];
  const references = new Map<number, CrossReference[]>();
  for (const { productId, brand, number, relation } of rows) {
    const list = references.get(productId) ?? [];
    list.push({ brand, number, relation });
    references.set(productId, list);
  }
  return references;
}
