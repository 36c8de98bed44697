/**
 * Messages between the publisher and its warm renderer's thread (./worker.ts). Plain data:
 * everything here crosses a worker boundary.
 */

export interface WarmWorkerData {
  /** A kept build (src/integrations/parallel-prerender, keepDir): the bundle and setup.json. */
  rendererDir: string;
  /** The commerce API and the merchandiser token: the change feed and the products by id. */
  apiUrl: string;
  adminToken: string;
}

/** One path of the site as the bundle lists it now, with its incremental-build key. */
export interface WarmPath {
  pathname: string;
  /** routeKey() of its route. */
  route: string;
  /** undefined for a route that gives none (rendered on every publish). */
  cacheKey: string | undefined;
}

/** What an update of the renderer's content store did. */
export interface WarmUpdate {
  /** The change feed position the store now covers. */
  cursor: number;
  written: number;
  deleted: number;
  skipped: number;
}

export type WarmRequest =
  | { id: number; op: 'update' }
  | { id: number; op: 'paths' }
  | { id: number; op: 'render'; url: string; route: string };

export type WarmReply =
  | { type: 'ready' }
  | { type: 'log'; message: string }
  | { type: 'failed'; id: number; error: string }
  | { type: 'update'; id: number; update: WarmUpdate }
  | { type: 'paths'; id: number; paths: WarmPath[] }
  | {
      type: 'render';
      id: number;
      status: number;
      body: ArrayBuffer | null;
    };

/** A path's kind of route, the first word of its routeKey(): 'page' or 'endpoint'. */
export const routeType = (path: WarmPath): string => path.route.slice(0, path.route.indexOf(' '));
