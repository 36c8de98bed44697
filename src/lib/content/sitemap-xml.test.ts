import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headExcludes,
  pageHead,
  serializeSitemapItem,
  servedUrl,
  sitemapFilter,
} from './sitemap-xml.ts';

const site = 'https://parts.example';
let dir = '';

const page = (path: string, head: string) => {
  mkdirSync(join(dir, path), { recursive: true });
  writeFileSync(
    join(dir, path, 'index.html'),
    `<!doctype html><html><head>${head}</head><body>x</body></html>`,
  );
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitemap-filter-'));
  page('', '<title>Home</title>');
  page('about-us', '<title>About</title>');
  page('confirm-subscription', '<title>C</title><meta name="robots" content="noindex">');
  page('articles/id/355', '<meta http-equiv="refresh" content="0;url=/articles/x">');
  page('product-index/page/2', '<title>P2</title>');
  // A part has no head; it is still no page.
  mkdirSync(join(dir, 'shell-parts/menus'), { recursive: true });
  writeFileSync(join(dir, 'shell-parts/menus/index.html'), '<nav>menus</nav>');
  writeFileSync(join(dir, '404.html'), '<title>404 Not Found</title>');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sitemapFilter', () => {
  it('keeps indexable HTML pages', () => {
    const keep = sitemapFilter(dir);
    expect(keep(`${site}/`)).toBe(true);
    expect(keep(`${site}/about-us/`)).toBe(true);
  });

  it('leaves out noindex pages, redirects, later pages, the 404, shell parts and non-pages', () => {
    const keep = sitemapFilter(dir);
    expect(keep(`${site}/shell-parts/menus/`)).toBe(false);
    expect(keep(`${site}/confirm-subscription/`)).toBe(false);
    expect(keep(`${site}/articles/id/355/`)).toBe(false);
    expect(keep(`${site}/product-index/page/2/`)).toBe(false);
    expect(keep(`${site}/404/`)).toBe(false);
    expect(keep(`${site}/robots.txt`)).toBe(false);
    expect(keep(`${site}/missing/`)).toBe(false);
    expect(keep(`${site}/..%2F..%2Fetc/`)).toBe(false);
  });

  it('records the pages their heads left out, for the next publish', () => {
    const keep = sitemapFilter(dir);
    for (const path of ['', 'about-us/', 'confirm-subscription/', 'product-index/page/2/', '404/'])
      keep(`${site}/${path}`);
    // Only head verdicts: a later list page or the 404 is left out by its path alone.
    expect([...keep.unlisted]).toEqual(['/confirm-subscription/']);
  });

  it('takes a known verdict instead of reading the head', () => {
    const known = new Map([
      ['/about-us/', true],
      ['/confirm-subscription/', false],
    ]);
    const keep = sitemapFilter(dir, (pathname) => known.get(pathname));
    expect(keep(`${site}/about-us/`)).toBe(false);
    expect(keep(`${site}/confirm-subscription/`)).toBe(true);
    // Not known: read from the page.
    expect(keep(`${site}/articles/id/355/`)).toBe(false);
    expect(keep(`${site}/`)).toBe(true);
    expect([...keep.unlisted].sort()).toEqual(['/about-us/', '/articles/id/355/']);
    // A known verdict never makes a later list page or the 404 listed.
    const listAll = sitemapFilter(dir, () => false);
    expect(listAll(`${site}/product-index/page/2/`)).toBe(false);
    expect(listAll(`${site}/404/`)).toBe(false);
  });

  it('reads the robots meta in either attribute order', () => {
    expect(headExcludes('<meta content="noindex, follow" name="robots">')).toBe(true);
    expect(headExcludes('<meta name="robots" content="index">')).toBe(false);
  });

  it('reads a page’s head from its bytes, whatever text comes before the robots meta', () => {
    const page = (head: string, body = '') =>
      Buffer.from(`<html><head>${head}</head><body>${body}</body></html>`, 'utf8');
    const noindex = '<meta name="robots" content="noindex">';
    expect(headExcludes(pageHead(page(`<title>Rädchen “ø” 🛞</title>${noindex}`)))).toBe(true);
    expect(headExcludes(pageHead(page('<title>Räder</title>')))).toBe(false);
    // Only the head counts, as the full build's filter reads it from the file.
    expect(pageHead(page('<title>x</title>', noindex))).toBe('<html><head><title>x</title>');
    expect(headExcludes(pageHead(page('<title>x</title>', noindex)))).toBe(false);
    expect(pageHead(Buffer.from('<HEAD><title>x</title></HEAD>'))).toBe('<HEAD><title>x</title>');
  });
});

describe('servedUrl', () => {
  it('lists pages under the legacy URL that serves them', () => {
    expect(servedUrl(`${site}/help/`)).toBe(`${site}/help.asp`);
    expect(servedUrl(`${site}/cindex/`)).toBe(`${site}/cindex.asp`);
    expect(servedUrl(`${site}/sitemap-index/`)).toBe(`${site}/sitemap.php`);
    expect(servedUrl(`${site}/sitemap-index/brands/`)).toBe(`${site}/sitemap.php/brands`);
  });

  it('leaves every other URL alone', () => {
    expect(servedUrl(`${site}/about-us/`)).toBe(`${site}/about-us/`);
    expect(servedUrl(`${site}/cindex/page/2/`)).toBe(`${site}/cindex/page/2/`);
    expect(serializeSitemapItem({ url: `${site}/`, links: [] })).toEqual({
      url: `${site}/`,
      links: [],
    });
  });
});
