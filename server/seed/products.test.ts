import { describe, expect, it } from 'vitest';
import { productInputSchema, type Product } from '../catalog/input.ts';
import { BRANDS, brandCollectionHandle } from './brands.ts';
import { categoryLeaves } from './collections.ts';
import { HOSTILE_DESCRIPTION_HTML, isHostileIndex } from './hostile.ts';
import { PART_KINDS } from './category-node.ts';
import { demoProduct, FEATURED_COUNT, featuredOrder, productContext } from './products.ts';

const run = (seed: number, total: number): Product[] => {
  const ctx = productContext(seed, total);
  return Array.from({ length: total }, (_, index) => demoProduct(ctx, index));
};

describe('demoProduct', () => {
  const products = run(1, 600);

  it('makes valid catalogue input every time', () => {
    for (const product of products) {
      const result = productInputSchema.safeParse(product);
      expect(result.success ? 'ok' : JSON.stringify(result.error.issues)).toBe('ok');
    }
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(run(1, 600)).toEqual(products);
    expect(run(2, 50).map((p) => p.title)).not.toEqual(products.slice(0, 50).map((p) => p.title));
  });

  it('gives ids 1..n, unique handles and store codes', () => {
    expect(products.map((p) => p.id)).toEqual(products.map((_, i) => i + 1));
    expect(new Set(products.map((p) => p.handle)).size).toBe(products.length);
    expect(products[0]?.productCode).toBe('IPD-000001');
  });

  it('writes titles like a parts store: brand, words, part number', () => {
    for (const p of products.filter((_, index) => !isHostileIndex(index))) {
      expect(BRANDS.map((b) => b.name)).toContain(p.vendor);
      expect(p.title.startsWith(`${p.vendor} `)).toBe(true);
      expect(p.title.endsWith(`(${p.sku})`)).toBe(true);
      expect(p.tags).toContain(`Brand_${p.vendor}`);
    }
    const wheel = products.find((p) =>
      / (Poly|Nylon|Rubber) Load Wheel \d[\d.]* x [\d.]+ in\. \(/.test(p.title),
    );
    expect(wheel?.title).toMatch(
      /^[A-Z][\w-]+( [\w-]+)* (Poly|Nylon|Rubber) Load Wheel [\d.]+ x [\d.]+ in\. \(.+\)$/,
    );
  });

  it('gives a few products hostile markup for the storefront to render inert', () => {
    const hostile = products.filter((_, index) => isHostileIndex(index));
    expect(hostile.map((p) => p.id)).toEqual([20, 520]);
    for (const p of hostile) {
      expect(p.descriptionHtml).toContain(HOSTILE_DESCRIPTION_HTML);
      expect(p.title).toMatch(/^<strong>[^<]+<\/strong> .*<script>/);
    }
  });

  it('uses picture names the media routes draw, 0 to 4 per product', () => {
    const kinds = PART_KINDS.join('|');
    for (const p of products) {
      expect(p.images.length).toBeLessThanOrEqual(4);
      for (const image of p.images) {
        expect(image.url).toMatch(new RegExp(`^/api/media/products/(${kinds})-[1-6]\\.svg$`));
      }
      for (const model of p.model3ds) {
        expect(model.url).toMatch(new RegExp(`^/api/media/models/(${kinds})\\.glb$`));
        expect(model.posterUrl).toMatch(new RegExp(`^/api/media/products/(${kinds})-1\\.svg$`));
      }
      for (const pdf of p.pdfs) {
        expect(pdf.url).toBe(`/api/media/manuals/${p.handle}.pdf`);
        expect(pdf.filename).toMatch(/^[A-Za-z0-9-]+_[A-Za-z0-9-]+_Service_Manual\.pdf$/);
      }
      for (const id of p.videoIds) expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    }
    expect(products.filter((p) => p.images.length === 0).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.model3ds.length > 0).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.pdfs.length > 0).length).toBeGreaterThan(20);
    expect(products.filter((p) => p.videoIds.length > 0).length).toBeGreaterThan(10);
  });

  it('has single Default Title products and products with Material and Size variants', () => {
    const single = products.filter((p) => p.options.length === 0);
    for (const p of single) {
      expect(p.variants).toHaveLength(1);
      expect(p.variants[0]?.title).toBe('Default Title');
    }
    const both = products.filter((p) => p.options.join() === 'Material,Size');
    expect(both.length).toBeGreaterThan(0);
    for (const p of both) {
      for (const v of p.variants)
        expect(v.title).toBe(`${v.options['Material']} / ${v.options['Size']}`);
    }
    expect(products.some((p) => p.options.join() === 'Material')).toBe(true);
  });

  it('prices the product at its cheapest variant, with compare-at prices above it', () => {
    for (const p of products) {
      expect(p.price).toBe(Math.min(...p.variants.map((v) => v.price)));
      for (const v of p.variants)
        if (v.compareAtPrice !== null) expect(v.compareAtPrice).toBeGreaterThan(v.price);
    }
    expect(products.filter((p) => p.price === 0).length).toBeGreaterThan(5);
    expect(products.filter((p) => p.compareAtPrice !== null).length).toBeGreaterThan(50);
  });

  it('has reviews of 0 to 12 per product with dates before the demo epoch', () => {
    for (const p of products) {
      expect(p.reviews.length).toBeLessThanOrEqual(12);
      for (const r of p.reviews) {
        expect(r.title.length).toBeGreaterThan(0);
        expect(r.author).toMatch(/^\w+ [A-Z]\.$/);
        expect(r.createdAt && r.createdAt < '2024-01-01').toBe(true);
      }
    }
    expect(products.filter((p) => p.reviews.length === 0).length).toBeGreaterThan(100);
    expect(products.filter((p) => p.reviews.length >= 9).length).toBeGreaterThan(10);
  });

  it('features FEATURED_COUNT products, all in stock and priced', () => {
    const featured = products.filter((p) => p.isFeatured);
    expect(featured).toHaveLength(FEATURED_COUNT);
    expect(featured.map((p) => p.featuredOrder)).toEqual(featured.map((_, i) => i + 1));
    for (const p of featured) {
      expect(p.price).toBeGreaterThan(0);
      expect(p.images.length).toBeGreaterThan(0);
      for (const v of p.variants) {
        expect(v.availableForSale).toBe(true);
        expect(v.inventory.availableQuantity).toBeGreaterThanOrEqual(12);
      }
    }
  });

  it('files each product in its leaf and the leaf’s ancestors', () => {
    for (const p of products) expect(p.collections.length).toBeGreaterThanOrEqual(2);
    expect(products.some((p) => p.collections.includes('pallet-jack-parts'))).toBe(true);
  });

  it('files each product under its brand after its category, so the category comes first', () => {
    const leaves = new Set(categoryLeaves().map((leaf) => leaf.node.handle));
    for (const p of products) {
      expect(leaves.has(p.collections[0] ?? '')).toBe(true);
      expect(p.collections.at(-1)).toBe(brandCollectionHandle(p.vendor));
    }
  });

  it('gives the biggest brand more than one brand page (25) at the end-to-end size of 240', () => {
    // tests/e2e/brands.spec.ts pages through such a brand.
    const counts = new Map<string, number>();
    for (const p of products.slice(0, 240)) counts.set(p.vendor, (counts.get(p.vendor) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeGreaterThan(25);
  });

  it('suffixes a handle that an earlier product took', () => {
    const ctx = productContext(1, 10);
    const first = demoProduct(ctx, 3);
    const again = demoProduct(ctx, 3);
    expect(again.handle).toBe(`${first.handle}-4`);
  });
});

describe('featuredOrder', () => {
  it('spreads FEATURED_COUNT products over the catalogue', () => {
    const orders = (total: number) =>
      Array.from({ length: total }, (_, i) => featuredOrder(i, total)).filter((o) => o !== null);
    expect(orders(1200)).toEqual(Array.from({ length: FEATURED_COUNT }, (_, i) => i + 1));
    expect(orders(5)).toEqual([1, 2, 3, 4, 5]);
    expect(featuredOrder(100, 1200)).toBe(2);
    expect(featuredOrder(101, 1200)).toBeNull();
  });
});
