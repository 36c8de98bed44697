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
  // Issue 29, item 1: products whose stock note must follow the buy box (spec storefront 4
  // and 9), like the demo's prime-mover-12v-emergency-stop-switch-pm-2803-0,
  // crown-steel-guide-roller-93427-523, raymond-load-wheel-13-5-x-5-5-in-9-717-624 and
  // big-joe-steer-wheel-1183859. In no collection, so no list or count changes.
  /** In stock but not for sale. */
  notForSale: {
    handle: 'e2e-not-for-sale',
    title: 'E2E Not For Sale Switch',
    price: 30,
    vendor: 'E2E Parts',
    variants: [
      {
        title: 'Default Title',
        price: 30,
        availableForSale: false,
        inventory: { availableQuantity: 15 },
      },
    ],
  },
  /** Three variants in stock, none for sale. */
  unavailableVariants: {
    handle: 'e2e-unavailable-variants',
    title: 'E2E Unavailable Guide Roller',
    price: 40,
    vendor: 'E2E Parts',
    options: ['Material'],
    variants: ['Steel', 'Poly', 'Nylon'].map((material, index) => ({
      title: material,
      price: 40,
      availableForSale: false,
      position: index + 1,
      options: { Material: material },
      inventory: { availableQuantity: 8 },
    })),
  },
  /** The first variant in stock, the second sold out. */
  soldOutVariant: {
    handle: 'e2e-sold-out-variant',
    title: 'E2E Load Wheel',
    price: 50,
    vendor: 'E2E Parts',
    options: ['Material'],
    variants: [
      {
        title: 'Poly',
        price: 50,
        position: 1,
        options: { Material: 'Poly' },
        inventory: { availableQuantity: 4 },
      },
      {
        title: 'Rubber',
        price: 50,
        position: 2,
        options: { Material: 'Rubber' },
        inventory: { availableQuantity: 0 },
      },
    ],
  },
  /** The first variant sold out, the second in stock. */
  firstVariantEmpty: {
    handle: 'e2e-first-variant-empty',
    title: 'E2E Steer Wheel',
    price: 60,
    vendor: 'E2E Parts',
    options: ['Material'],
    variants: [
      {
        title: 'Poly',
        price: 60,
        position: 1,
        options: { Material: 'Poly' },
        inventory: { availableQuantity: 0 },
      },
      {
        title: 'Rubber',
        price: 60,
        position: 2,
        options: { Material: 'Rubber' },
        inventory: { availableQuantity: 9 },
      },
    ],
  },
} as const satisfies {
  branch: CollectionInput;
  shortDescription: CollectionInput;
  callForPrice: ProductInput;
  notForSale: ProductInput;
  unavailableVariants: ProductInput;
  soldOutVariant: ProductInput;
  firstVariantEmpty: ProductInput;
};

/**
 * The hydration spec's product pages: simple products (one variant, $25, 500 in stock, in no
 * collection) that no other spec restocks, so the built page and the API agree.
 */
export const HYDRATION_PRODUCTS = [1, 2, 3].map(
  (n) =>
    ({
      handle: `e2e-hydration-${String(n)}`,
      title: `E2E Hydration Caster ${String(n)}`,
      price: 25,
      vendor: 'E2E Parts',
      variants: [{ title: 'Default Title', price: 25, inventory: { availableQuantity: 500 } }],
    }) satisfies ProductInput,
);

/** Collections before the products in them; removed in the opposite order. */
const RECORDS = [
  { kind: 'collections', input: FIXTURES.branch },
  { kind: 'collections', input: FIXTURES.shortDescription },
  { kind: 'products', input: FIXTURES.callForPrice },
  { kind: 'products', input: FIXTURES.notForSale },
  { kind: 'products', input: FIXTURES.unavailableVariants },
  { kind: 'products', input: FIXTURES.soldOutVariant },
  { kind: 'products', input: FIXTURES.firstVariantEmpty },
  ...HYDRATION_PRODUCTS.map((input) => ({ kind: 'products', input }) as const),
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
