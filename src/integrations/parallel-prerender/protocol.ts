/**
 * Messages between the build process and its prerender workers (see ./index.ts). Everything
 * here crosses a worker boundary, so it is plain data: strings, arrays, one transferred
 * ArrayBuffer per page.
 */
import type { PrerenderResult } from 'astro';

/** What a worker needs to rebuild the parts of Astro's build state its renders read. */
export interface WorkerSetup {
  /** file: URL of Astro's prerender bundle entry (prerender-entry.*.mjs). */
  entryUrl: string;
  /** Page data key ("route&component") to the page's stylesheets, in Astro's shape. */
  pageStyles: [key: string, styles: unknown[]][];
  /** settings.scripts of the build (the head-inline and page scripts). */
  scripts: unknown[];
}

/**
 * A page's entry of its route's getStaticPaths, as the build process made it: the worker
 * renders with these props instead of running getStaticPaths itself, which would need every
 * record the route lists (all 100,000 products for the product route).
 */
export interface StaticPathItem {
  /** The path as Astro keys it (stringifyParams of the params: StaticPaths' pathname). */
  key: string;
  params: Record<string, string | number | undefined>;
  props: Record<string, unknown>;
}

export interface RenderJob {
  type: 'render';
  id: number;
  url: string;
  /** routeKey() of the route to render with. */
  route: string;
  collectMetadata: boolean;
  /** The page's params and props, for a route with parameters. */
  path?: StaticPathItem;
}

/**
 * The content collections a worker's pages may read in their frontmatter (the shell's
 * navigation and collections, articles...), sent once by the build process before the first
 * page. Those named in `withheld` stay in the build process: a page that reads one fails.
 */
export interface StoreJob {
  type: 'store';
  collections: [name: string, entries: [id: string, entry: unknown][]][];
  withheld: string[];
}

export type ToWorker = RenderJob | StoreJob;

/** A rendered page (./bundle.ts) on its way back to the build process. */
/** One rendered page in plain data (it crosses a worker boundary). */
export interface RenderedPage {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  metadata?: PrerenderResult['metadata'];
}

export type RenderDone = { type: 'done'; id: number } & RenderedPage;

export interface RenderFailed {
  type: 'failed';
  id: number;
  error: { name: string; message: string; stack?: string };
}

export interface WorkerLog {
  type: 'log';
  event: { label: string | null; level: string; message: string; newLine: boolean };
}

export interface WorkerReady {
  type: 'ready';
}

export type FromWorker = RenderDone | RenderFailed | WorkerLog | WorkerReady;

/** The identity of a route across processes: the same on both sides of the boundary. */
export function routeKey(route: { route: string; component: string; type: string }): string {
  return `${route.type} ${route.route} ${route.component}`;
}
