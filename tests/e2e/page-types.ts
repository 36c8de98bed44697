import type { APIRequestContext, Page } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { expectConsoleError, failedRequest, needed } from './fixtures.ts';

// The store's page types, for the journeys that visit one page of each (the axe pass in
// a11y.spec.ts, the header's keyboard journey in header-keyboard.spec.ts): the types the
// sitemap lists, found there by their path, and those it leaves out (search, cart, sign-in,
// the 404 page), at fixed paths.

const { collectionBase, productBase, articleBase, machineBase } = storeConfig.theme.paths;

/** A page type and how to recognise one of its URLs in the sitemap. */
export interface SitemapType {
  name: string;
  match: (path: string) => boolean;
}

/** Page types found in the sitemap. */
export const SITEMAP_TYPES: SitemapType[] = [
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
  { name: 'machine', match: (p) => new RegExp(`^${machineBase}/[^/]+/[^/]+/?$`).test(p) },
  { name: 'quick order', match: (p) => /^\/quick-order\/?$/.test(p) },
];

/** Page types the sitemap does not list (noindex, or no page at all), at fixed paths. */
export const OTHER_TYPES: { name: string; path: string }[] = [
  { name: 'search', path: '/search.php?q=wheel' },
  { name: 'cart', path: '/cart.php' },
  { name: 'sign-in', path: '/login.asp' },
  { name: 'saved lists', path: '/lists' },
  { name: 'my machines', path: `${machineBase}/` },
  { name: 'not-found', path: '/no-such-page-for-the-journeys' },
];

/** Every path the sitemap lists, read as a crawler reads it. */
export async function sitemapPaths(api: APIRequestContext): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  const index = await (await api.get('/sitemap-index.xml')).text();
  const paths: string[] = [];
  for (const sitemap of locs(index)) {
    const xml = await (await api.get(new URL(sitemap).pathname)).text();
    for (const url of locs(xml)) paths.push(new URL(url).pathname);
  }
  return paths;
}

/** The first sitemap path of a type; the test fails when the sitemap has none. */
export function pathOf(type: SitemapType, paths: string[]): string {
  return needed(
    paths.find((path) => type.match(path)),
    `${type.name} page in the sitemap`,
  );
}

/** Opens a page of any type; the 404 page's own request is the one error it expects. */
export async function openPage(page: Page, path: string): Promise<void> {
  const missing = path.startsWith('/no-such-page');
  if (missing) expectConsoleError(page, failedRequest(404, path));
  const response = await page.goto(path);
  if (response?.status() !== (missing ? 404 : 200)) {
    throw new Error(`${path} answered ${String(response?.status())}`);
  }
}
