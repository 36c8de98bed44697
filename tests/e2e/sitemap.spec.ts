import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Every URL in sitemap.xml answers 200 through the local server (tests), and the
// sitemap leaves out what crawlers must not index.

const CONCURRENCY = 8;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

/** The URLs of every sitemap the index names, as paths on this server. */
async function sitemapPaths(api: APIRequestContext): Promise<string[]> {
  const index = await api.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const paths: string[] = [];
  for (const sitemap of locs(await index.text())) {
    const { pathname } = new URL(sitemap);
    const reply = await api.get(pathname);
    expect(reply.status(), pathname).toBe(200);
    for (const url of locs(await reply.text())) {
      const parsed = new URL(url.replace(/&amp;/g, '&'));
      paths.push(parsed.pathname + parsed.search);
    }
  }
  return paths;
}

test.describe('sitemap.xml', () => {
  // The sitemap is the same on every device: check it once.
  test.skip(({ isMobile }) => isMobile, 'the sitemap is the same on every device');

  test('every URL answers 200', async ({ api }) => {
    test.setTimeout(300_000);
    const paths = await sitemapPaths(api);
    expect(paths.length).toBeGreaterThan(0);
    expect(new Set(paths).size, 'each URL once').toBe(paths.length);

    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < paths.length) {
        const path = paths[next] ?? '/';
        next += 1;
        const reply = await api.get(path, { maxRedirects: 0 });
        if (reply.status() !== 200) failures.push(`${reply.status()} ${path}`);
        await reply.dispose();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures).toEqual([]);
  });

  test('lists the content pages under the URLs visitors use', async ({ api }) => {
    const paths = new Set(await sitemapPaths(api));
    for (const path of ['/', '/help.asp', '/sitemap.php', '/sitemap.php/categories', '/questions/'])
      expect(paths, path).toContain(path);
  });

  test('leaves out the 404, noindex pages, redirects and later list pages', async ({ api }) => {
    const paths = await sitemapPaths(api);
    const unwanted = paths.filter(
      (path) =>
        /^\/404/.test(path) ||
        /\/page\/\d+\/?$/.test(path) ||
        /\/id\/\d+\/?$/.test(path) ||
        path.startsWith('/confirm-subscription'),
    );
    expect(unwanted).toEqual([]);
  });
});
