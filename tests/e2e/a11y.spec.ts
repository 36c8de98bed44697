import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { expect, expectConsoleError, failedRequest, needed, test } from './fixtures.ts';

// An axe pass (WCAG 2 A and AA) over one page of each type found in the sitemap, as
// Starlight runs over its docs (STYLE, end-to-end tests): no serious or critical violations.

const { collectionBase, productBase, articleBase } = storeConfig.theme.paths;

/** An axe run over a long page (an index of 1,000 links) takes a while on a busy machine. */
const AXE_TIMEOUT = 120_000;

/** Page types and how to recognise one of their URLs in the sitemap. */
const PAGE_TYPES: { name: string; match: (path: string) => boolean }[] = [
  { name: 'home', match: (p) => p === '/' },
  { name: 'collection', match: (p) => new RegExp(`^${collectionBase}/[^/]+/?$`).test(p) },
  { name: 'product', match: (p) => new RegExp(`^${productBase}/[^/]+/?$`).test(p) },
  { name: 'brand list', match: (p) => /^\/brands\/?$/.test(p) },
  { name: 'brand', match: (p) => /^\/brands\/[^/]+\/?$/.test(p) },
  { name: 'article list', match: (p) => new RegExp(`^${articleBase}/?$`).test(p) },
  { name: 'article', match: (p) => new RegExp(`^${articleBase}/[^/]+/?$`).test(p) },
  { name: 'help', match: (p) => p === '/help.asp' },
  { name: 'help answer', match: (p) => /^\/help_answer\/[^/]+\/?$/.test(p) },
  { name: 'generic page', match: (p) => /^\/about-us\/?$/.test(p) },
  { name: 'questions', match: (p) => /^\/questions\/?$/.test(p) },
  { name: 'question', match: (p) => /^\/questions\/Q[^/]+\/[^/]+\/?$/.test(p) },
  { name: 'sitemap page', match: (p) => p === '/sitemap.php/categories' },
  { name: 'product index', match: (p) => /^\/product-index\/?$/.test(p) },
];

async function sitemapPaths(api: APIRequestContext): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  const index = await (await api.get('/sitemap-index.xml')).text();
  const paths: string[] = [];
  for (const sitemap of locs(index)) {
    const xml = await (await api.get(new URL(sitemap).pathname)).text();
    for (const url of locs(xml)) paths.push(new URL(url).pathname);
  }
  return paths;
}

let paths: string[] = [];
test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  paths = await sitemapPaths(api);
  await api.dispose();
});

const seriousViolations = async (page: import('@playwright/test').Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

for (const type of PAGE_TYPES) {
  test(`${type.name} page has no serious accessibility violations`, async ({ page }) => {
    test.setTimeout(AXE_TIMEOUT);
    await page.goto(needed(paths.find(type.match), `${type.name} page in the sitemap`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('not-found page has no serious accessibility violations', async ({ page }) => {
  test.setTimeout(AXE_TIMEOUT);
  expectConsoleError(page, failedRequest(404, '/no-such-page-for-axe')); // the page itself
  const response = await page.goto('/no-such-page-for-axe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
