import type { RouteData } from 'astro';
import { describe, expect, it } from 'vitest';
import { pathKey, StaticPathIndex, type RouteCacheLike } from './static-paths.ts';

const product = { type: 'page', route: '/products/[handle]', component: 'p.astro' } as RouteData;
const brand = {
  type: 'page',
  route: '/brands/[brand]/[...page]',
  component: 'b.astro',
} as RouteData;
const feed = { type: 'endpoint', route: '/feeds/[name].json', component: 'f.ts' } as RouteData;
const home = { type: 'page', route: '/', component: 'i.astro', pathname: '/' } as RouteData;
const moved = { type: 'redirect', route: '/old/[handle]', component: 'o' } as RouteData;

describe('pathKey', () => {
  it.each([
    ['/products/a', 'http://localhost/products/a/', '/products/a'],
    ['/', 'http://localhost/', '/'],
    ['/feeds/articles.json', 'http://localhost/feeds/articles.json', '/feeds/articles.json'],
    // A brand name with a space: the URL holds it encoded, and so does the key.
    ['/brands/Blue Giant/2', 'http://localhost/brands/Blue%20Giant/2/', '/brands/Blue%20Giant/2'],
  ])(
    'gives the StaticPaths pathname %j and the URL Astro renders it at, %j, the key %j',
    (pathname, url, key) => {
      expect(pathKey(pathname)).toBe(key);
      expect(pathKey(url)).toBe(key);
    },
  );
});

describe('StaticPathIndex', () => {
  const entries = new Map<RouteData, Map<string, { params: unknown; props?: unknown }>>([
    [product, new Map([['/products/a', { params: { handle: 'a' }, props: { title: 'A' } }]])],
    [brand, new Map([['/brands/Blue Giant/2', { params: { brand: 'Blue Giant', page: '2' } }]])],
    [feed, new Map([['/feeds/articles.json', { params: { name: 'articles' }, props: {} }]])],
    [moved, new Map([['/old/a', { params: { handle: 'a' }, props: {} }]])],
  ]);
  const cache: RouteCacheLike = {
    get: (route) => ({
      staticPaths: { keyed: entries.get(route) ?? new Map<string, { params: unknown }>() },
    }),
  };
  const index = new StaticPathIndex([
    { pathname: '/', route: home },
    { pathname: '/products/a', route: product },
    { pathname: '/brands/Blue Giant/2', route: brand },
    { pathname: '/feeds/articles.json', route: feed },
    { pathname: '/old/a', route: moved },
  ]);

  it("finds a page's params and props by the URL Astro renders it at", () => {
    expect(index.item(cache, 'http://localhost/products/a/', product)).toEqual({
      key: '/products/a',
      params: { handle: 'a' },
      props: { title: 'A' },
    });
    expect(index.item(cache, 'http://localhost/brands/Blue%20Giant/2/', brand)).toEqual({
      key: '/brands/Blue Giant/2',
      params: { brand: 'Blue Giant', page: '2' },
      props: {},
    });
    expect(index.item(cache, 'http://localhost/feeds/articles.json', feed)?.key).toBe(
      '/feeds/articles.json',
    );
  });

  it('has nothing for a page without parameters, a redirect, another route or an unlisted page', () => {
    expect(index.item(cache, 'http://localhost/', home)).toBeUndefined();
    expect(index.item(cache, 'http://localhost/old/a/', moved)).toBeUndefined();
    expect(index.item(cache, 'http://localhost/products/a/', brand)).toBeUndefined();
    expect(index.item(cache, 'http://localhost/products/b/', product)).toBeUndefined();
    const empty: RouteCacheLike = { get: () => undefined };
    expect(index.item(empty, 'http://localhost/products/a/', product)).toBeUndefined();
  });
});
