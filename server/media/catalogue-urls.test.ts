import { beforeAll, describe, expect, it } from 'vitest';
import { storeConfig } from '../../shared/store-config.ts';
import { openDatabase, type Database } from '../db/open.ts';
import { seedDemo } from '../seed/index.ts';
import { catalogueMediaUrls, mediaUrlsIn } from './catalogue-urls.ts';

const column = (db: Database, sql: string) =>
  (db.prepare(sql).all() as Record<string, unknown>[]).map((row) => String(Object.values(row)[0]));

describe('catalogueMediaUrls', () => {
  let db: Database;
  beforeAll(() => {
    db = openDatabase(':memory:');
    seedDemo(db, { products: 200, seed: 1 });
  });

  it('holds every URL of every media column of the seeded catalogue, each once', () => {
    const urls = catalogueMediaUrls(db);
    const expected = [
      'SELECT url FROM product_images',
      'SELECT url FROM product_model3ds',
      'SELECT poster_url FROM product_model3ds',
      'SELECT url FROM product_pdfs',
      'SELECT image_url FROM collections',
      'SELECT image_path FROM collection_images',
      'SELECT image_url FROM articles',
    ].map((sql) => {
      const values = column(db, sql);
      // The seed fills each of them, so none of these checks passes by being empty.
      expect(values.length, sql).toBeGreaterThan(0);
      return values;
    });
    for (const url of expected.flat()) expect(urls.has(url), url).toBe(true);
    expect([...urls].some((url) => url.startsWith('/api/media/manuals/'))).toBe(true);
    expect([...urls].some((url) => url.startsWith('/api/media/models/'))).toBe(true);
  });

  it("reads a product's own image_url, which may name no gallery picture", () => {
    db.prepare(
      "UPDATE products SET image_url = '/api/media/products/horn-99.svg' WHERE id = 1",
    ).run();
    expect(catalogueMediaUrls(db).has('/api/media/products/horn-99.svg')).toBe(true);
  });

  it('finds the media URLs written in product, collection, article, page and help HTML', () => {
    const html = (url: string) =>
      `<p>See <img src="${url}" alt=""> and <a href='${url}?x=1'>x</a></p>`;
    db.prepare('UPDATE products SET description_html = ? WHERE id = 2').run(
      html('/api/media/products/pump-77.svg'),
    );
    db.prepare('UPDATE collections SET description_html = ? WHERE id = 1').run(
      '<div style="background:url(/api/media/banners/from-css.svg)"></div>',
    );
    db.prepare('UPDATE articles SET body_html = ? WHERE id = (SELECT MIN(id) FROM articles)').run(
      html('/api/media/manuals/article-guide.pdf'),
    );
    db.prepare('UPDATE pages SET body_html = ? WHERE id = 1').run(
      html('/api/media/models/page.glb'),
    );
    db.prepare('UPDATE help_answers SET body_html = ? WHERE id = 1').run(
      'Download /api/media/manuals/help-sheet.pdf\nor ask us.',
    );
    const urls = catalogueMediaUrls(db);
    for (const url of [
      '/api/media/products/pump-77.svg',
      '/api/media/products/pump-77.svg?x=1',
      '/api/media/banners/from-css.svg',
      '/api/media/manuals/article-guide.pdf',
      '/api/media/models/page.glb',
      '/api/media/manuals/help-sheet.pdf',
    ]) {
      expect(urls.has(url), url).toBe(true);
    }
  });

  it('is empty for an empty database', () => {
    expect(catalogueMediaUrls(openDatabase(':memory:')).size).toBe(0);
  });
});

describe('mediaUrlsIn', () => {
  it('collects the banner URLs of the store configuration', () => {
    const urls = mediaUrlsIn(storeConfig);
    expect(urls).toContain('/api/media/banners/featured-products.svg');
    expect(urls).toContain('/api/media/banners/exit-intent.svg');
    expect(urls).toContain('/api/media/banners/hero-forklift-parts.svg');
    expect(urls).toContain('/api/media/banners/seller-rating-seal.svg');
    expect(urls).not.toContain('/no-image.svg');
    expect(urls.every((url) => url.startsWith('/api/media/'))).toBe(true);
  });

  it('walks nested objects and arrays, each URL once, and survives a cycle', () => {
    const loop: Record<string, unknown> = { a: '/api/media/models/a.glb', n: 3, empty: null };
    loop['self'] = loop;
    loop['list'] = [['/api/media/models/a.glb', { deep: '/api/media/manuals/b.pdf' }], 'x'];
    expect(mediaUrlsIn(loop).sort()).toEqual([
      '/api/media/manuals/b.pdf',
      '/api/media/models/a.glb',
    ]);
    expect(mediaUrlsIn('/api/media/models/c.glb')).toEqual(['/api/media/models/c.glb']);
    expect(mediaUrlsIn(undefined)).toEqual([]);
  });
});
