import type { RouteData } from 'astro';
import type { StaticPathItem } from './protocol.ts';
import { routeKey } from './protocol.ts';

/**
 * The same key for a page's path as Astro's StaticPaths lists it (`/products/a`) and as the
 * request Astro renders it with gives it (`http://localhost/products/a/`): the URL's encoded
 * pathname without its trailing slash.
 */
export function pathKey(path: string): string {
  const { pathname } = new URL(path, 'http://localhost');
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The part of Astro's route cache this reads (astro/dist/core/render/route-cache.js). */
export interface RouteCacheLike {
  get(
    route: RouteData,
  ): { staticPaths?: { keyed: Map<string, { params: unknown; props?: unknown }> } } | undefined;
}

/**
 * Finds a page's entry of its route's getStaticPaths in the build process, where Astro's
 * StaticPaths has just run every route's getStaticPaths to list the paths: its params and
 * props go to the worker with the page, so that no worker runs getStaticPaths again.
 */
export class StaticPathIndex {
  /** Per route (routeKey), the StaticPaths pathname of each page by its pathKey. */
  readonly #byRoute = new Map<string, Map<string, string>>();

  constructor(paths: readonly { pathname: string; route: RouteData }[]) {
    for (const { pathname, route } of paths) {
      // Pages and endpoints with parameters; a route without any has no getStaticPaths, and
      // redirects and fallbacks render nothing of their own.
      if (route.pathname || (route.type !== 'page' && route.type !== 'endpoint')) continue;
      const key = routeKey(route);
      let pages = this.#byRoute.get(key);
      if (!pages) {
        pages = new Map();
        this.#byRoute.set(key, pages);
      }
      pages.set(pathKey(pathname), pathname);
    }
  }

  /** The entry of the page that `url` renders with `route`, if StaticPaths listed it. */
  item(routeCache: RouteCacheLike, url: string, route: RouteData): StaticPathItem | undefined {
    const pathname = this.#byRoute.get(routeKey(route))?.get(pathKey(url));
    if (pathname === undefined) return undefined;
    const found = routeCache.get(route)?.staticPaths?.keyed.get(pathname);
    if (!found) return undefined;
    return {
      key: pathname,
      params: found.params as StaticPathItem['params'],
      props: (found.props ?? {}) as StaticPathItem['props'],
    };
  }
}
