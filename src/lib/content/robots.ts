/** Paths crawlers have no use for: the API, the cart, the account and the search results. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/cart.php',
  '/myaccount.asp',
  '/account/',
  '/search.php',
  '/compareProduct',
];

/**
 * robots.txt naming the sitemap index at the site's URL.
 * @example robotsTxt('https://parts.example/') // '...Sitemap: https://parts.example/sitemap-index.xml\n'
 */
export function robotsTxt(site: string | URL, sitemapFile = 'sitemap-index.xml'): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL(sitemapFile, site).href}`,
    '',
  ].join('\n');
}
