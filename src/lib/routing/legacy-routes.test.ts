import { describe, expect, it } from 'vitest';
import {
  legacyRules,
  matchLegacyRoute,
  productHandleRedirect,
  brandHtmlRedirect,
  collectionTagRedirect,
  productRouteRules,
  redirectsFile,
} from './legacy-routes.ts';

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
    ['/sitemap.php/categories/', '', 200, '/sitemap-index/categories/'],
  ])('%s%s -> %i %s', (path, search, status, location) => {
    expect(matchLegacyRoute(path, search)).toEqual({ status, location });
  });

  it('leaves other paths alone', () => {
    expect(matchLegacyRoute('/', '')).toBeUndefined();
    expect(matchLegacyRoute('/products/load-wheel', '')).toBeUndefined();
    expect(matchLegacyRoute('/cart.php/extra', '')).toBeUndefined();
    expect(matchLegacyRoute('/sitemap.php/a/b', '')).toBeUndefined();
    // The legacy article links need the build's map (article-redirects.ts), not a rule.
    expect(matchLegacyRoute('/Articles.asp', '?ID=355')).toBeUndefined();
  });

  it('refuses unsafe parameter values', () => {
    expect(matchLegacyRoute('/sitemap.php/a%2F..', '')).toBeUndefined();
  });
});

describe('product routes nested under a collection', () => {
  it.each([
    // To the canonical product URL, keeping the query.
    ['/collections/load-wheels/product/poly-load-wheel', '', '/products/poly-load-wheel'],
    ['/collections/load-wheels/product/poly-load-wheel/', '?v=3', '/products/poly-load-wheel?v=3'],
    // The route table's literal /collection base answers too.
    ['/collection/load-wheels/product/poly-load-wheel', '', '/products/poly-load-wheel'],
  ])('redirect %s%s to %s', (path, search, location) => {
    expect(matchLegacyRoute(path, search)).toEqual({ status: 301, location });
  });

  it.each([
    '/collections/load-wheels/product',
    '/collections/load-wheels/products/x',
    '/collections//product/x',
    '/collections/a/product/x/y',
    '/collections/a/product/..%2Fx',
  ])('need both parameters and the product segment: not %s', (path) => {
    expect(matchLegacyRoute(path, '')).toBeUndefined();
  });

  it('accept handles as long as the API allows (200 characters) and no longer', () => {
    const long = 'a'.repeat(200);
    expect(matchLegacyRoute(`/collections/c/product/${long}`, '')?.location).toBe(
      `/products/${long}`,
    );
    expect(matchLegacyRoute(`/collections/c/product/${long}a`, '')).toBeUndefined();
  });

  it('follow the configured bases', () => {
    const rules = productRouteRules({ collectionBase: '/c', productBase: '/p' });
    expect(rules).toEqual([
      { from: '/c/:collection/product/:handle', to: '/p/:handle', status: 301 },
      { from: '/collection/:collection/product/:handle', to: '/p/:handle', status: 301 },
    ]);
    expect(matchLegacyRoute('/c/x/product/y', '', rules)).toEqual({
      status: 301,
      location: '/p/y',
    });
    expect(productRouteRules({ collectionBase: '/collection', productBase: '/p' })).toHaveLength(1);
  });
});

describe('productHandleRedirect', () => {
  const known = (handle: string) => handle === 'poly-load-wheel';

  it.each([
    ['/poly-load-wheel', '', undefined, '/products/poly-load-wheel'],
    ['/poly-load-wheel/', '?variant=4', '/p', '/p/poly-load-wheel?variant=4'],
  ])('sends a known handle to its product page: %s%s', (path, search, base, location) => {
    expect(productHandleRedirect(path, search, known, base)).toEqual({ status: 301, location });
  });

  it('leaves unknown handles and deeper or unsafe paths alone', () => {
    expect(productHandleRedirect('/no-such-part', '', known)).toBeUndefined();
    expect(productHandleRedirect('/', '', known)).toBeUndefined();
    expect(productHandleRedirect('/x/poly-load-wheel', '', known)).toBeUndefined();
    expect(productHandleRedirect('/poly load', '', () => true)).toBeUndefined();
    expect(productHandleRedirect('/..', '', () => true)).toBeUndefined();
  });
});

describe('brandHtmlRedirect', () => {
  it.each([
    ['/brands/Blue-Giant.html', '', '/brands/Blue%20Giant'],
    ['/brands/Crown.HTML', '?page=2', '/brands/Crown?page=2'],
  ])(
    'sends the legacy brand link %s%s to the brand page, dashes as spaces',
    (path, search, location) => {
      expect(brandHtmlRedirect(path, search)).toEqual({ status: 301, location });
    },
  );

  it.each(['/brands/Crown', '/brands/a/b.html', '/products/x.html', '/brands/.html'])(
    'leaves %s alone',
    (path) => {
      expect(brandHtmlRedirect(path, '')).toBeUndefined();
    },
  );
});

describe('redirectsFile', () => {
  it('writes one line per rule', () => {
    const lines = redirectsFile().trim().split('\n');
    expect(lines).toHaveLength(legacyRules.length);
    expect(lines).toContain('/cart.php /cart/ 200');
    expect(lines.some((line) => /articles\.asp/i.test(line))).toBe(false);
  });

  it("adds one line per article of the release's map", () => {
    const articles = new Map([
      ['257', '/articles/shipping-details'],
      ['355', '/articles/ask-us'],
    ]);
    const lines = redirectsFile({ articles }).trim().split('\n');
    expect(lines).toHaveLength(legacyRules.length + 2);
    expect(lines.slice(-2)).toEqual([
      '/Articles.asp ID=257 /articles/shipping-details 301',
      '/Articles.asp ID=355 /articles/ask-us 301',
    ]);
  });

  it("adds two lines per question of the release's map: the id alone and any handle", () => {
    const questions = new Map([['Q10001', '/questions/Q10001/how-long-does-a-charge-last']]);
    const lines = redirectsFile({ questions }).trim().split('\n');
    expect(lines.slice(legacyRules.length)).toEqual([
      '/questions/Q10001 /questions/Q10001/how-long-does-a-charge-last 301',
      '/questions/Q10001/* /questions/Q10001/how-long-does-a-charge-last 301',
    ]);
  });

  it('carries the nested product rules from the same source as the server', () => {
    const lines = redirectsFile().trim().split('\n');
    expect(lines).toContain('/collections/:collection/product/:handle /products/:handle 301');
    expect(lines).toContain('/collection/:collection/product/:handle /products/:handle 301');
  });
});

describe('collectionTagRedirect', () => {
  it('turns the tagFilter route parameter into the t parameter, keeping the others', () => {
    expect(collectionTagRedirect('/collections/pallet-jack-parts/Material_Nylon', '')).toEqual({
      status: 301,
      location: '/collections/pallet-jack-parts?t=Material_Nylon',
    });
    expect(collectionTagRedirect('/collections/wheels/Size_10%20in/', '?page=2')).toEqual({
      status: 301,
      location: '/collections/wheels?t=Size_10%20in&page=2',
    });
    expect(collectionTagRedirect('/collections/wheels/Material,Nylon', '')?.location).toBe(
      '/collections/wheels?t=Material,Nylon',
    );
  });

  it('leaves every other path alone', () => {
    for (const path of [
      '/collections/wheels',
      '/collections/wheels/page',
      '/collections/wheels/page/2',
      '/collections/wheels/product/load-wheel',
      '/collections/wheels/_Nylon',
      '/collections/wheels/Material_',
      '/collections/wh%2Fels/Material_Nylon',
      '/collections/wheels/Material_%E0%A4%A',
      '/collections/wheels/Material_a%0d%0aSet-Cookie:x',
      '/brands/wheels/Material_Nylon',
    ]) {
      expect(collectionTagRedirect(path, '')).toBeUndefined();
    }
  });
});
