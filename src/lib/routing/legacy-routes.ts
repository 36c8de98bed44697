/**
 * The legacy URLs of the spec's route table (account-and-shell 2.1) and where they live in
 * the static build. The local server applies these rules, and the build writes them as a
 * host configuration file (`dist/_redirects`), so a CDN keeps them working the same way.
 *
 * A rule matches a path exactly, or with one `:param` segment; `query` names a query
 * parameter whose value fills `:param` in the target (Articles.asp?ID=355).
 */
export interface LegacyRule {
  from: string;
  to: string;
  /** 200 serves the target's page under the old URL; 301 redirects to it. */
  status: 200 | 301;
  query?: string;
}

export const legacyRules: readonly LegacyRule[] = [
  { from: '/cart.php', to: '/cart/', status: 200 },
  { from: '/search.php', to: '/search/', status: 200 },
  { from: '/searchresults.asp', to: '/search.php', status: 301 },
  { from: '/myaccount.asp', to: '/account/', status: 200 },
  { from: '/orders.asp', to: '/account/orders/', status: 200 },
  { from: '/address.asp', to: '/account/addresses/', status: 200 },
  { from: '/login.asp', to: '/login/', status: 200 },
  { from: '/help.asp', to: '/help/', status: 200 },
  { from: '/productslist.asp', to: '/productslist/', status: 200 },
  { from: '/cindex.asp', to: '/cindex/', status: 200 },
  { from: '/productimage.php', to: '/productimage/', status: 200 },
  { from: '/sitemap.php', to: '/sitemap-index/', status: 200 },
  { from: '/sitemap.php/:section', to: '/sitemap-index/:section/', status: 200 },
  { from: '/Articles.asp', query: 'ID', to: '/articles/id/:ID/', status: 301 },
];

export interface LegacyMatch {
  status: 200 | 301;
  /** Path plus the query string to serve (200) or to redirect to (301). */
  location: string;
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Applies the first matching rule to a request path and query string.
 * @example matchLegacyRoute('/cart.php', '') // { status: 200, location: '/cart/' }
 * @example matchLegacyRoute('/Articles.asp', '?ID=355') // { status: 301, location: '/articles/id/355/' }
 */
export function matchLegacyRoute(
  pathname: string,
  search: string,
  rules: readonly LegacyRule[] = legacyRules,
): LegacyMatch | undefined {
  const params = new URLSearchParams(search);
  for (const rule of rules) {
    let to = rule.to;
    if (rule.query) {
      if (pathname.toLowerCase() !== rule.from.toLowerCase()) continue;
      const value = params.get(rule.query) ?? params.get(rule.query.toLowerCase());
      if (!value || !SAFE_SEGMENT.test(value)) continue;
      to = to.replace(`:${rule.query}`, value);
      params.delete(rule.query);
      params.delete(rule.query.toLowerCase());
    } else if (rule.from.includes('/:')) {
      const base = rule.from.slice(0, rule.from.indexOf('/:'));
      const name = rule.from.slice(rule.from.indexOf('/:') + 2);
      if (!pathname.startsWith(`${base}/`)) continue;
      const value = pathname.slice(base.length + 1).replace(/\/$/, '');
      if (!SAFE_SEGMENT.test(value)) continue;
      to = to.replace(`:${name}`, value);
    } else if (pathname !== rule.from) {
      continue;
    }
    const rest = params.toString();
    return { status: rule.status, location: rest ? `${to}?${rest}` : to };
  }
  return undefined;
}

/**
 * The rules as a Netlify-style `_redirects` file (one rule a line; query matches as
 * `ID=:ID`), for deployment behind a CDN.
 */
export function redirectsFile(rules: readonly LegacyRule[] = legacyRules): string {
  return rules
    .map((rule) => {
      const from = rule.query ? `${rule.from} ${rule.query}=:${rule.query}` : rule.from;
      return `${from} ${rule.to} ${rule.status}`;
    })
    .join('\n')
    .concat('\n');
}
