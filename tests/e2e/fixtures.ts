import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { articlePath } from '../../src/lib/routing/paths.ts';
import { env } from '../../shared/env.ts';
import { e2eAdminToken } from './admin-token.ts';
import { EXIT_INTENT_STORAGE_KEY } from '../../src/lib/shell/exit-intent.ts';
import { watchPageErrors } from './page-errors.ts';

export { expectConsoleError, failedRequest } from './page-errors.ts';

/** A product card as GET /api/products/filter returns it. */
export interface ApiCard {
  id: number;
  handle: string;
  title: string;
  price: number;
  vendor: string;
}

interface Options {
  /**
   * Whether the exit-intent popup may open. Off by default: a test that scrolls up on a
   * phone or moves the mouse to the top would otherwise meet a modal dialog. Turn it on with
   * `test.use({ exitIntentPopup: true })` (tests/e2e/shell-extras.spec.ts).
   */
  exitIntentPopup: boolean;
  /**
   * Console and page errors every test of a file or describe block provokes on purpose, as
   * patterns tried on '{text} at {url}', e.g.
   * `test.use({ expectedConsoleErrors: [failedRequest(503, '/api/user')] })`.
   * Any other console error, uncaught page error or CSP violation on any page of the test
   * (popups too) fails the test after its body (tests/e2e/page-errors.ts).
   * For one test, call `expectConsoleError(page, pattern)` in it instead.
   */
  expectedConsoleErrors: RegExp[];
}

interface Fixtures {
  /** The commerce API through the site's /api proxy, as a browser reaches it. */
  api: APIRequestContext;
  /** The merchandiser API (/api/admin) with the bearer token. */
  admin: APIRequestContext;
}

export const test = base.extend<Fixtures & Options>({
  exitIntentPopup: [false, { option: true }],
  expectedConsoleErrors: [[], { option: true }],
  context: async ({ context, exitIntentPopup, expectedConsoleErrors }, use) => {
    const errors = await watchPageErrors(context, expectedConsoleErrors);
    if (!exitIntentPopup) {
      await context.addInitScript((key) => {
        try {
          window.localStorage.setItem(key, 'set by the test fixture');
        } catch {
          // Pages without storage (about:blank) have no popup either.
        }
      }, EXIT_INTENT_STORAGE_KEY);
    }
    await use(context);
    errors.assertNone();
  },
  api: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL: baseURL ?? '',
      // Changes need the store's Origin, as a browser on its pages sends.
      ...(baseURL ? { extraHTTPHeaders: { origin: new URL(baseURL).origin } } : {}),
    });
    await use(context);
    await context.dispose();
  },
  // The API process itself: the web server does not proxy /api/admin to the public
  // (ADMIN_API_PUBLIC), as a merchandiser reaches it from inside.
  admin: async ({ playwright }, use) => {
    const context = await playwright.request.newContext({
      baseURL: env.E2E_API_URL ?? `http://127.0.0.1:${String(env.E2E_PORT + 2)}`,
      extraHTTPHeaders: { authorization: `Bearer ${e2eAdminToken()}` },
    });
    await use(context);
    await context.dispose();
  },
});

export { expect };

/** Products from the live API's filter call. */
export async function listProducts(api: APIRequestContext, query = ''): Promise<ApiCard[]> {
  const reply = await api.get(`/api/products/filter?limit=24${query}`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { products: ApiCard[] }).products;
}

/**
 * The canonical URL of an article by its id, from the live API: where the store's links to
 * it point and where its legacy link /Articles.asp?ID={id} redirects.
 */
export async function articleUrl(api: APIRequestContext, id: number): Promise<string> {
  const reply = await api.get(`/api/articles/${id}`);
  expect(reply.ok(), `article ${id} is in the store`).toBe(true);
  const { article } = (await reply.json()) as { article: { handle: string } };
  return articlePath(storeConfig.theme.paths.articleBase, article.handle);
}

/**
 * One product by its handle from the live API, as its page shows it; a product the store
 * lacks (one of the suite's fixtures, say) fails the test. `T` names the fields it reads.
 */
export async function productByHandle<T>(api: APIRequestContext, handle: string): Promise<T> {
  const reply = await api.get(`/api/products/handle/${encodeURIComponent(handle)}`);
  expect(reply.ok(), `product ${handle} is in the store`).toBe(true);
  return ((await reply.json()) as { product: T }).product;
}

let catalogueCache: unknown[] | undefined;

/**
 * Every product of the catalogue as the build reads it (GET /api/products/bulk with the
 * merchandiser token; the demo store has fewer than 1,000), fetched once per
 * worker. `T` names the fields the test reads.
 */
export async function catalogueProducts<T>(api: APIRequestContext): Promise<T[]> {
  if (!catalogueCache) {
    const reply = await api.get('/api/products/bulk?limit=1000', {
      headers: { authorization: `Bearer ${e2eAdminToken()}` },
    });
    expect(reply.ok()).toBe(true);
    catalogueCache = ((await reply.json()) as { products: unknown[] }).products;
  }
  return catalogueCache as T[];
}

/**
 * What a test needs from the store: the suite's own records (tests/e2e/seed-records.ts) or
 * what the demo seed always writes (its tests in server/seed say so). Missing, the test fails
 * rather than skipping, since a store without it is a broken store, not a different one.
 */
export function needed<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`The store has no ${what}.`);
  return value;
}

/**
 * The nth catalogue product that matches (n lets tests that change products take different
 * ones); the test fails when the catalogue has none.
 */
export async function productWhere<T>(
  api: APIRequestContext,
  match: (product: T) => boolean,
  nth = 0,
): Promise<T> {
  return needed(
    (await catalogueProducts<T>(api)).filter(match)[nth],
    `product number ${String(nth + 1)} of those the test asks for (${match.toString()})`,
  );
}
