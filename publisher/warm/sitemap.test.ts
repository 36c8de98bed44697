import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UNLISTED_FILE, writeUnlisted } from '../../src/lib/content/sitemap-xml.ts';
import type { WarmPath } from './protocol.ts';
import { rewriteSitemap, sitemapAhead } from './sitemap.ts';

const SITE = 'https://parts.example';
const page = (pathname: string): WarmPath => ({
  pathname,
  route: `page ${pathname}`,
  cacheKey: 'k',
});

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'warm-sitemap-'));
  dirs.push(dir);
  return dir;
};

/** The sitemap files and the unlisted pages a release holds, with their text. */
const written = (dir: string) =>
  new Map(
    [...readdirSync(dir).filter((name) => name.startsWith('sitemap-')), UNLISTED_FILE].map(
      (name) => [name, readFileSync(join(dir, name), 'utf8')],
    ),
  );

describe('sitemapAhead', () => {
  // The live release kept /products/hidden/ out by its head.
  async function live() {
    const dir = temp();
    await writeUnlisted(dir, new Set(['/products/hidden/']));
    return dir;
  }
  const paths = ['/', '/products/a', '/products/hidden', '/products/new'].map(page);

  it('writes the sitemap while the pages render, as rewriteSitemap does when the heads agree', async () => {
    const from = await live();
    const ahead = temp();
    const sitemap = await sitemapAhead({ live: from, outDir: ahead, site: SITE, paths });
    expect(await sitemap?.written).not.toEqual([]);
    // The render found the heads as the live release had them (the new page listed).
    const heads = new Map([
      ['/products/new/', false],
      ['/products/hidden/', true],
    ]);
    expect(sitemap?.stands(heads)).toBe(true);
    const after = temp();
    await rewriteSitemap({
      live: from,
      outDir: after,
      site: SITE,
      paths,
      heads,
      listedChanged: true,
    });
    expect(written(ahead)).toEqual(written(after));
    expect(written(ahead).get('sitemap-0.xml')).toContain('/products/new/');
    expect(written(ahead).get('sitemap-0.xml')).not.toContain('/products/hidden/');
  });

  it.each([
    ['a new page that is noindex', '/products/new/', true],
    ['a page that turned noindex', '/products/a/', true],
    ['a page that is listed again', '/products/hidden/', false],
  ])('does not stand for %s: the heads the render found differ', async (_, name, excluded) => {
    const sitemap = await sitemapAhead({ live: await live(), outDir: temp(), site: SITE, paths });
    await sitemap?.written;
    expect(sitemap?.stands(new Map([[name, excluded]]))).toBe(false);
  });

  it('is not written ahead when the live release keeps no list of unlisted pages', async () => {
    expect(await sitemapAhead({ live: temp(), outDir: temp(), site: SITE, paths })).toBe(undefined);
  });
});
