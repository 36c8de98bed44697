import { Hono } from 'hono';
import { buildNav, MAX_NAV_DEPTH, type NavOptions } from '../catalog/collections-nav.ts';
import { loadCollectionTree } from '../catalog/collections-tree.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { queryInt } from '../http/input.ts';

/** The prefix the storefront's collection pages live under (store config paths.collectionBase). */
export const DEFAULT_COLLECTION_URL_PREFIX = '/collections';

/**
 * A root-relative path such as '/collections' or '/': no scheme, no '//', no backslash, no
 * query or fragment, nothing that could make a menu link leave the site.
 */
export function isRootRelativePath(value: string): boolean {
  return /^\/(?:[A-Za-z0-9._~!$&'()*+,;=:@%-]+\/?)*$/.test(value) && !value.startsWith('//');
}

/**
 * The navigation menu (spec storefront 7; account-and-shell 7), mounted at /api/nav:
 * GET /?collectionUrlPrefix=/collections&depth=N&imagePlacement=menuImage -> { navData }.
 */
export function navRoutes({ db }: Deps): Hono {
  const app = new Hono();

  app.get('/', (c) => {
    const urlPrefix = c.req.query('collectionUrlPrefix') ?? DEFAULT_COLLECTION_URL_PREFIX;
    if (urlPrefix.length > 200 || !isRootRelativePath(urlPrefix)) {
      throw new HttpError(
        400,
        'collectionUrlPrefix must be a path on this site, like /collections.',
      );
    }
    const options: NavOptions = { urlPrefix };
    // account-and-shell 4: a depth when asked (desktop 1, sidebar 6), no limit otherwise.
    const depth = queryInt(c, 'depth', { fallback: 0, min: 1, max: MAX_NAV_DEPTH });
    if (depth > 0) options.depth = depth;
    const placement = c.req.query('imagePlacement');
    if (placement !== undefined && placement !== '') {
      if (placement.length > 50) throw new HttpError(400, 'imagePlacement is too long.');
      options.imagePlacement = placement;
    }
    return c.json({ navData: buildNav(db, loadCollectionTree(db), options) });
  });

  return app;
}
