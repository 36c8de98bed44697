import { brandFromRoute, brandPath } from '../catalog/brand-name.ts';
import { storeConfig } from '../../../shared/store-config.ts';
import { articleRedirectLines } from './article-redirects.ts';
import type { LegacyMatch } from './legacy-match.ts';
import { questionRedirectLines } from './question-redirects.ts';

export type { LegacyMatch };

/**
 * The legacy URLs of the spec's route table (account-and-shell 2.1) and where they live in
 * the static build. The local server applies these rules, and the build writes them as a
 * host configuration file (`dist/_redirects`), so a CDN keeps them working the same way.
 *
 * A rule matches a path segment by segment; a `:name` segment matches one safe segment and
 * fills `:name` in the target (`/collections/:collection/product/:handle`). The legacy article
 * links (/Articles.asp?ID=355) and a question's older addresses need the build's map of
 * articles or questions, which a rule cannot hold: src/lib/routing/article-redirects.ts and
 * question-redirects.ts.
 */
export interface LegacyRule {
  from: string;
  to: string;
  /** 200 serves the target's page under the old URL; 301 redirects to it. */
  status: 200 | 301;
}

/**
 * The other routes to a product page (spec storefront 2, "Product detail page";
 * account-and-shell 2.1): nested under a collection, at the configured collection base and
 * at the literal /collection of the route table. Both redirect to the one canonical URL, so
 * the build renders each product once.
 */
export function productRouteRules(
  paths: { collectionBase: string; productBase: string } = storeConfig.theme.paths,
): LegacyRule[] {
  const bases = [...new Set([paths.collectionBase, '/collection'])];
  return bases.map((base) => ({
    from: `${base}/:collection/product/:handle`,
    to: `${paths.productBase}/:handle`,
    status: 301,
  }));
}

export const legacyRules: readonly LegacyRule[] = [
  { from: '/cart.php', to: '/cart/', status: 200 },
  { from: '/search.php', to: '/search/', status: 200 },
  { from: '/searchresults.asp', to: '/search.php', status: 301 },
  { from: '/myaccount.asp', to: '/account/', status: 200 },
  { from: '/orders.asp', to: '/account/orders/', status: 200 },
  { from: '/address.asp', to: '/account/addresses/', status: 200 },
  { from: '/login.asp', to: '/login/', status: 200 },
  // One static page serves every order; its island reads the id from the address.
  { from: '/account/orders/:id', to: '/account/order/', status: 200 },
  { from: '/help.asp', to: '/help/', status: 200 },
  { from: '/productslist.asp', to: '/productslist/', status: 200 },
  { from: '/cindex.asp', to: '/cindex/', status: 200 },
  { from: '/productimage.php', to: '/productimage/', status: 200 },
  { from: '/sitemap.php', to: '/sitemap-index/', status: 200 },
  { from: '/sitemap.php/:section', to: '/sitemap-index/:section/', status: 200 },
  ...productRouteRules(),
];

// 200: the longest handle the API accepts (server/catalog/input.ts, handleSchema).
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The `:name` values of a rule's path pattern in a request path, or undefined when the path
 * does not match. One trailing slash is allowed after a parameter.
 */
function matchPattern(pattern: string, pathname: string): Map<string, string> | undefined {
  const wanted = pattern.split('/');
  const hasParam = wanted.some((segment) => segment.startsWith(':'));
  if (!hasParam) return pathname === pattern ? new Map() : undefined;
  const given = pathname.replace(/(.)\/$/, '$1').split('/');
  if (given.length !== wanted.length) return undefined;
  const values = new Map<string, string>();
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] ?? '';
    if (segment.startsWith(':')) {
      if (!SAFE_SEGMENT.test(value)) return undefined;
      values.set(segment.slice(1), value);
    } else if (segment !== value) {
      return undefined;
    }
  }
  return values;
}

/**
 * Applies the first matching rule to a request path and query string.
 * @example matchLegacyRoute('/cart.php', '') // { status: 200, location: '/cart/' }
 * @example matchLegacyRoute('/collections/wheels/product/load-wheel', '')
 *   // { status: 301, location: '/products/load-wheel' }
 */
export function matchLegacyRoute(
  pathname: string,
  search: string,
  rules: readonly LegacyRule[] = legacyRules,
): LegacyMatch | undefined {
  const params = new URLSearchParams(search);
  for (const rule of rules) {
    let to = rule.to;
    const values = matchPattern(rule.from, pathname);
    if (!values) continue;
    for (const [name, value] of values) to = to.replace(`:${name}`, value);
    const rest = params.toString();
    return { status: rule.status, location: rest ? `${to}?${rest}` : to };
  }
  return undefined;
}

/**
 * A product reached by its handle alone (spec storefront 2: "a product is also reachable by
 * handle alone"): `/{handle}` redirects to `{productBase}/{handle}` when the handle is one
 * of the build's products. Callers ask only when no file of the build answers the path, so
 * a generic page with the same handle wins.
 * @example productHandleRedirect('/load-wheel', '?v=2', (h) => h === 'load-wheel')
 *   // { status: 301, location: '/products/load-wheel?v=2' }
 */
export function productHandleRedirect(
  pathname: string,
  search: string,
  isProductHandle: (handle: string) => boolean,
  productBase: string = storeConfig.theme.paths.productBase,
): LegacyMatch | undefined {
  const handle = /^\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!handle || !SAFE_SEGMENT.test(handle) || !isProductHandle(handle)) return undefined;
  const query = new URLSearchParams(search).toString();
  const location = `${productBase}/${handle}`;
  return { status: 301, location: query ? `${location}?${query}` : location };
}

/** A tag filter as a path segment: a prefix, an underscore or comma, a value (spec storefront 5). */
export const TAG_SEGMENT_PATTERN = '[^/_,]{1,100}[_,][^/]{1,200}';
const TAG_SEGMENT = new RegExp(`^${TAG_SEGMENT_PATTERN}$`);

/**
 * spec storefront 2, "Collection page (route {collection base path}/{handle}, optional
 * tagFilter route parameter)": `/collections/pallet-jack-parts/Material_Nylon` redirects to
 * the collection's page with the filter in the address (`?t=Material_Nylon`), where the
 * filter panel reads it; other parameters are kept. The segment must hold an underscore or
 * a comma, so a collection's `/page/2` never matches.
 * @example collectionTagRedirect('/collections/wheels/Material_Nylon', '?sortBy=price_asc')
 *   // { status: 301, location: '/collections/wheels?t=Material_Nylon&sortBy=price_asc' }
 */
export function collectionTagRedirect(
  pathname: string,
  search: string,
  collectionBase: string = storeConfig.theme.paths.collectionBase,
): LegacyMatch | undefined {
  if (!pathname.startsWith(`${collectionBase}/`)) return undefined;
  const segments = pathname
    .slice(collectionBase.length + 1)
    .replace(/\/$/, '')
    .split('/');
  const [handle, encoded] = segments;
  if (segments.length !== 2 || !handle || !encoded || !SAFE_SEGMENT.test(handle)) return undefined;
  let tag: string;
  try {
    tag = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  const control = [...tag].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f');
  if (!TAG_SEGMENT.test(tag) || control) return undefined;
  // Escaped as nginx escapes a query (a comma stays), the request's parameters after it.
  const t = encodeURIComponent(tag).replace(/%2C/gi, ',');
  const rest = search.replace(/^\?/, '');
  return { status: 301, location: `${collectionBase}/${handle}?t=${t}${rest ? `&${rest}` : ''}` };
}

/**
 * Legacy brand links end in .html with dashes for spaces (spec account-and-shell 2.6:
 * /brands/Blue-Giant.html names the brand 'Blue Giant'); they redirect to the brand's page.
 * The name needs rewriting, which a rule file cannot express, so servers call this.
 * @example brandHtmlRedirect('/brands/Blue-Giant.html', '') // { status: 301, location: '/brands/Blue%20Giant' }
 */
export function brandHtmlRedirect(pathname: string, search: string): LegacyMatch | undefined {
  const segment = /^\/brands\/([^/]+\.html)$/i.exec(pathname)?.[1];
  if (!segment) return undefined;
  const name = brandFromRoute(segment);
  if (!name || name.length > 200) return undefined;
  const query = new URLSearchParams(search).toString();
  const location = brandPath(name);
  return { status: 301, location: query ? `${location}?${query}` : location };
}

/**
 * The rules as a Netlify-style `_redirects` file (one rule a line), for deployment behind a
 * CDN, with the release's maps: a line per article (`/Articles.asp ID=355 /articles/x 301`)
 * and two per question (question-redirects.ts).
 */
export function redirectsFile(
  maps: {
    articles?: ReadonlyMap<string, string>;
    questions?: ReadonlyMap<string, string>;
  } = {},
  rules: readonly LegacyRule[] = legacyRules,
): string {
  return [
    ...rules.map((rule) => `${rule.from} ${rule.to} ${rule.status}`),
    ...articleRedirectLines(maps.articles ?? new Map()),
    ...questionRedirectLines(maps.questions ?? new Map()),
  ]
    .join('\n')
    .concat('\n');
}
