import type { Database } from '../db/open.ts';
import { preparedPerDatabase } from '../db/prepared.ts';

/**
 * The catalogue writes' SQL (server/catalog/write.ts), prepared once per database and kept
 * while the database is.
 */

/** The statements, by what they do. */
export const statements = preparedPerDatabase((db: Database) => {
  const s = (sql: string) => db.prepare(sql);
  return {
    productIdByHandle: s('SELECT id FROM products WHERE handle = ?'),
    upsertCollection: s(`
      INSERT INTO collections (id, handle, title, seo_title, seo_description, is_indexed, image_url,
        description_html, parent_id, position, is_featured, max_child_items)
      VALUES (:id, :handle, :title, :seoTitle, :seoDescription, :isIndexed, :imageUrl,
        :descriptionHtml, :parentId, :position, :isFeatured, :maxChildItemsToDisplay)
      ON CONFLICT (id) DO UPDATE SET handle = excluded.handle, title = excluded.title,
        seo_title = excluded.seo_title, seo_description = excluded.seo_description,
        is_indexed = excluded.is_indexed, image_url = excluded.image_url,
        description_html = excluded.description_html, parent_id = excluded.parent_id,
        position = excluded.position, is_featured = excluded.is_featured,
        max_child_items = excluded.max_child_items,
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
      RETURNING id`),
    deleteCollectionImages: s('DELETE FROM collection_images WHERE collection_id = ?'),
    insertCollectionImage: s(
      'INSERT INTO collection_images (collection_id, placement, image_path, alt_text) VALUES (?, ?, ?, ?)',
    ),
    upsertProduct: s(`
      INSERT INTO products (id, handle, title, sort_title, seo_title, seo_description, is_indexed,
        vendor, sku, product_code, condition, price_cents, compare_at_price_cents, image_url,
        description_html, is_featured, featured_order, free_shipping, units_sold,
        available_for_sale, avg_rating, total_reviews)
      VALUES (:id, :handle, :title, :sortTitle, :seoTitle, :seoDescription, :isIndexed, :vendor, :sku,
        :productCode, :condition, :priceCents, :compareAtPriceCents, :imageUrl, :descriptionHtml,
        :isFeatured, :featuredOrder, :freeShipping, :unitsSold, :availableForSale, :avgRating,
        :totalReviews)
      ON CONFLICT (id) DO UPDATE SET handle = excluded.handle, title = excluded.title,
        sort_title = excluded.sort_title, seo_title = excluded.seo_title, seo_description = excluded.seo_description,
        is_indexed = excluded.is_indexed, vendor = excluded.vendor, sku = excluded.sku,
        product_code = excluded.product_code, condition = excluded.condition,
        price_cents = excluded.price_cents, compare_at_price_cents = excluded.compare_at_price_cents,
        image_url = excluded.image_url, description_html = excluded.description_html,
        is_featured = excluded.is_featured, featured_order = excluded.featured_order,
        free_shipping = excluded.free_shipping, units_sold = excluded.units_sold,
        available_for_sale = excluded.available_for_sale, avg_rating = excluded.avg_rating,
        total_reviews = excluded.total_reviews, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
      RETURNING id`),
    deleteProductCollections: s('DELETE FROM product_collections WHERE product_id = ?'),
    insertProductCollection: s(
      'INSERT OR IGNORE INTO product_collections (product_id, collection_id, position) VALUES (?, ?, ?)',
    ),
    deleteTags: s('DELETE FROM product_tags WHERE product_id = ?'),
    insertTag: s('INSERT OR IGNORE INTO product_tags (product_id, prefix, value) VALUES (?, ?, ?)'),
    deleteImages: s('DELETE FROM product_images WHERE product_id = ?'),
    insertImage: s(
      'INSERT INTO product_images (product_id, url, alt_text, image_placement_id, position) VALUES (?, ?, ?, ?, ?)',
    ),
    deleteModels: s('DELETE FROM product_model3ds WHERE product_id = ?'),
    insertModel: s('INSERT INTO product_model3ds (product_id, url, poster_url) VALUES (?, ?, ?)'),
    deleteMetafields: s('DELETE FROM product_metafields WHERE product_id = ?'),
    insertMetafield: s('INSERT INTO product_metafields (product_id, key, value) VALUES (?, ?, ?)'),
    deletePdfs: s('DELETE FROM product_pdfs WHERE product_id = ?'),
    insertPdf: s('INSERT INTO product_pdfs (product_id, url, local_filename) VALUES (?, ?, ?)'),
    deleteCrossReferences: s('DELETE FROM product_cross_references WHERE product_id = ?'),
    insertCrossReference: s(
      'INSERT INTO product_cross_references (product_id, position, brand, number, relation) VALUES (?, ?, ?, ?, ?)',
    ),
    deletePartNumbers: s('DELETE FROM part_numbers WHERE product_id = ?'),
    insertPartNumber: s(
      'INSERT INTO part_numbers (key, product_id, variant_id, kind, brand, number) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    variantSkus: s(
      'SELECT id, sku FROM variants WHERE product_id = ? ORDER BY variant_position, id',
    ),
    deleteReviews: s('DELETE FROM reviews WHERE product_id = ?'),
    insertReview: s(
      `INSERT INTO reviews (product_id, stars_rating, title, body, author, created_at)
       VALUES (?, ?, ?, ?, ?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ','now')))`,
    ),
    optionsOf: s('SELECT id, name FROM product_options WHERE product_id = ?'),
    insertOption: s(
      'INSERT INTO product_options (product_id, name, position) VALUES (?, ?, ?) RETURNING id',
    ),
    updateOptionPosition: s('UPDATE product_options SET position = ? WHERE id = ?'),
    deleteOption: s('DELETE FROM product_options WHERE id = ?'),
    variantsOf: s('SELECT id, title FROM variants WHERE product_id = ?'),
    variantOwner: s('SELECT product_id FROM variants WHERE id = ?'),
    upsertVariant: s(`
      INSERT INTO variants (id, product_id, title, sku, price_cents, compare_at_price_cents,
        available_for_sale, variant_position)
      VALUES (:id, :productId, :title, :sku, :priceCents, :compareAtPriceCents, :availableForSale,
        :position)
      ON CONFLICT (id) DO UPDATE SET title = excluded.title, sku = excluded.sku,
        price_cents = excluded.price_cents, compare_at_price_cents = excluded.compare_at_price_cents,
        available_for_sale = excluded.available_for_sale,
        variant_position = excluded.variant_position
      RETURNING id`),
    deleteVariant: s('DELETE FROM variants WHERE id = ?'),
    deleteVariantOptions: s('DELETE FROM variant_options WHERE variant_id = ?'),
    insertVariantOption: s(
      'INSERT INTO variant_options (variant_id, option_id, value) VALUES (?, ?, ?)',
    ),
    levelOf: s('SELECT id FROM inventory_levels WHERE variant_id = ? ORDER BY id LIMIT 1'),
    levelOwner: s('SELECT variant_id FROM inventory_levels WHERE id = ?'),
    upsertLevel: s(`
      INSERT INTO inventory_levels (id, variant_id, available_quantity, bypass_negative_quantity)
      VALUES (?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET available_quantity = excluded.available_quantity,
        bypass_negative_quantity = excluded.bypass_negative_quantity`),
    deleteFts: s('DELETE FROM products_fts WHERE rowid = ?'),
    insertFts: s(
      'INSERT INTO products_fts (rowid, title, vendor, codes, keywords) VALUES (?, ?, ?, ?, ?)',
    ),
    collectionTitles: s(`
      SELECT c.title FROM product_collections pc JOIN collections c ON c.id = pc.collection_id
      WHERE pc.product_id = ?`),
    collectionTitle: s('SELECT title FROM collections WHERE id = ?'),
    productsInCollection: s('SELECT product_id FROM product_collections WHERE collection_id = ?'),
    tagValues: s('SELECT value FROM product_tags WHERE product_id = ? ORDER BY rowid'),
    collectionIdByHandle: s('SELECT id FROM collections WHERE handle = ?'),
    updateFtsKeywords: s('UPDATE products_fts SET keywords = ? WHERE rowid = ?'),
    deleteProduct: s('DELETE FROM products WHERE id = ?'),
    deleteCollection: s('DELETE FROM collections WHERE id = ?'),
  };
});
