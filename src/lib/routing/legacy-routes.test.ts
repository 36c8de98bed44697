import { describe, expect, it } from 'vitest';
import { legacyRules, matchLegacyRoute, redirectsFile } from './legacy-routes.ts';

describe('matchLegacyRoute', () => {
  it.each([
    ['/cart.php', '', 200, '/cart/'],
    ['/search.php', '?q=wheel&page=2', 200, '/search/?q=wheel&page=2'],
    ['/searchresults.asp', '?v=Crown', 301, '/search.php?v=Crown'],
    ['/myaccount.asp', '', 200, '/account/'],
    ['/orders.asp', '', 200, '/account/orders/'],
    ['/address.asp', '', 200, '/account/addresses/'],
    ['/login.asp', '', 200, '/login/'],
    ['/help.asp', '', 200, '/help/'],
    ['/productslist.asp', '', 200, '/productslist/'],
    ['/cindex.asp', '', 200, '/cindex/'],
    ['/productimage.php', '?product_id=12', 200, '/productimage/?product_id=12'],
    ['/sitemap.php', '', 200, '/sitemap-index/'],
    ['/sitemap.php/categories', '', 200, '/sitemap-index/categories/'],
    ['/Articles.asp', '?ID=355', 301, '/articles/id/355/'],
    ['/articles.asp', '?id=257&utm=x', 301, '/articles/id/257/?utm=x'],
  ])('%s%s -> %i %s', (path, search, status, location) => {
    expect(matchLegacyRoute(path, search)).toEqual({ status, location });
  });

  it('leaves other paths alone', () => {
    expect(matchLegacyRoute('/', '')).toBeUndefined();
    expect(matchLegacyRoute('/products/load-wheel', '')).toBeUndefined();
    expect(matchLegacyRoute('/cart.php/extra', '')).toBeUndefined();
  });

  it('refuses unsafe parameter values', () => {
    expect(matchLegacyRoute('/Articles.asp', '?ID=../../etc')).toBeUndefined();
    expect(matchLegacyRoute('/Articles.asp', '')).toBeUndefined();
    expect(matchLegacyRoute('/sitemap.php/a%2F..', '')).toBeUndefined();
  });
});

describe('redirectsFile', () => {
  it('writes one line per rule', () => {
    const lines = redirectsFile().trim().split('\n');
    expect(lines).toHaveLength(legacyRules.length);
    expect(lines).toContain('/cart.php /cart/ 200');
    expect(lines).toContain('/Articles.asp ID=:ID /articles/id/:ID/ 301');
  });
});
