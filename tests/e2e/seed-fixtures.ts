import type { CollectionInput, ProductInput } from '../../server/catalog/input.ts';

/**
 * The records the end-to-end suite needs and does not leave to the demo seed: created through
 * the merchandiser API before the store is built (scripts/e2e-server.ts), or before the run on
 * a store that is already built (tests/e2e/global-setup.ts, which publishes them and removes
 * them afterwards). Tests find them by these handles and fail when they are missing.
 */
export const FIXTURES = {
  /** A top-level collection with a child: the second branch the category tree opens. */
  branch: {
    handle: 'e2e-branch',
    title: 'E2E Branch',
    descriptionHtml: '<p>Parts the end-to-end tests add to the store.</p>',
    // Last in the menus and the category tree.
    position: 10_000,
  },
  /** A collection whose description is short enough to show in full (no Read More). */
  shortDescription: {
    handle: 'e2e-short-description',
    title: 'E2E Short Description',
    descriptionHtml: '<p>Wheels and seals for the end-to-end tests.</p>',
    parent: 'e2e-branch',
  },
  /** A product priced 0: its page asks the shopper to call for the price. */
  callForPrice: {
    handle: 'e2e-call-for-price',
    title: 'E2E Call For Price Seal Kit',
    price: 0,
    vendor: 'E2E Parts',
    collections: ['e2e-branch', 'e2e-short-description'],
    variants: [{ title: 'Default Title', price: 0, inventory: { availableQuantity: 5 } }],
  },
} as const satisfies {
  branch: CollectionInput;
  shortDescription: CollectionInput;
  callForPrice: ProductInput;
};

/** Collections before the products in them; removed in the opposite order. */
const RECORDS = [
  { kind: 'collections', input: FIXTURES.branch },
  { kind: 'collections', input: FIXTURES.shortDescription },
  { kind: 'products', input: FIXTURES.callForPrice },
] as const;

/** The merchandiser API of the API process (not proxied to the public site). */
export interface AdminApi {
  apiUrl: string;
  adminToken: string;
}

async function call(admin: AdminApi, method: string, path: string, body?: unknown) {
  const reply = await fetch(new URL(`/api/admin/${path}`, admin.apiUrl), {
    method,
    headers: {
      authorization: `Bearer ${admin.adminToken}`,
      'x-merchandiser': 'e2e fixtures',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (method === 'GET' && reply.status === 404) return undefined;
  if (!reply.ok) {
    throw new Error(`${method} /api/admin/${path}: ${String(reply.status)} ${await reply.text()}`);
  }
  return (await reply.json()) as { id?: number };
}

const idOf = async (admin: AdminApi, kind: string, handle: string) =>
  (await call(admin, 'GET', `${kind}/handle/${encodeURIComponent(handle)}`))?.id;

/**
 * Creates the fixtures the store lacks; returns the handles it created (none when all were
 * there), so that a run on a shared store removes only what it added.
 */
export async function createFixtures(admin: AdminApi): Promise<string[]> {
  const created: string[] = [];
  for (const { kind, input } of RECORDS) {
    if ((await idOf(admin, kind, input.handle)) !== undefined) continue;
    await call(admin, 'POST', kind, input);
    created.push(input.handle);
  }
  return created;
}

/** Deletes the fixtures named in `handles` (products first, then child collections). */
export async function removeFixtures(admin: AdminApi, handles: readonly string[]): Promise<void> {
  for (const { kind, input } of [...RECORDS].reverse()) {
    if (!handles.includes(input.handle)) continue;
    const id = await idOf(admin, kind, input.handle);
    if (id !== undefined) await call(admin, 'DELETE', `${kind}/${String(id)}`);
  }
}
