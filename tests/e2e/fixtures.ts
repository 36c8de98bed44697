import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { env } from '../../src/lib/env.ts';

/** A product card as GET /api/products/filter returns it. */
export interface ApiCard {
  id: number;
  handle: string;
  title: string;
  price: number;
  vendor: string;
}

interface Fixtures {
  /** The commerce API through the site's /api proxy, as a browser reaches it. */
  api: APIRequestContext;
  /** The merchandiser API (/api/admin) with the bearer token. */
  admin: APIRequestContext;
}

export const test = base.extend<Fixtures>({
  api: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    await use(context);
    await context.dispose();
  },
  admin: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL: baseURL ?? '',
      extraHTTPHeaders: { authorization: `Bearer ${env.ADMIN_TOKEN}` },
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
