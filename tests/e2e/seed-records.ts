import type { CollectionInput, ProductInput } from '../../server/catalog/input.ts';

/** The vendor of the suite's own products. */
const VENDOR = 'E2E Parts';

/**
 * A product of one variant sold online at $25 with `stock` units, in no collection, so no
 * list or count changes.
 */
function soldOnline(handle: string, title: string, stock: number) {
  return {
    handle,
    title,
    price: 25,
    vendor: VENDOR,
    variants: [{ title: 'Default Title', price: 25, inventory: { availableQuantity: stock } }],
  } satisfies ProductInput;
}

/** Poly and Rubber variants at one price, with these stocks (0: sold out), in that order. */
function polyAndRubber(price: number, stock: { poly: number; rubber: number }) {
  return {
    price,
    vendor: VENDOR,
    options: ['Material'],
    variants: (['Poly', 'Rubber'] as const).map((material, index) => ({
      title: material,
      price,
      position: index + 1,
      options: { Material: material },
      inventory: { availableQuantity: material === 'Poly' ? stock.poly : stock.rubber },
    })),
  } satisfies Partial<ProductInput>;
}

/**
 * The products each spec that fills carts takes by handle (issue 30 item 4; before, the nth
 * product of the catalogue). Each spec file has its own, so specs running side by side never
 * change each other's stock; a spec's tests share one only at the same stock, since a cart is
 * its visitor's own and only a placed order takes stock (server/cart/place-order.ts). The
 * desktop and phone projects run a test on the same products at the same stock.
 */
export const CART_PRODUCTS = {
  cart: ['e2e-cart-1', 'e2e-cart-2', 'e2e-cart-3', 'e2e-cart-4'],
  cartFaults: [
    'e2e-cart-faults-1',
    'e2e-cart-faults-2',
    'e2e-cart-faults-3',
    'e2e-cart-faults-4',
    'e2e-cart-faults-5',
    'e2e-cart-faults-6',
  ],
  smoke: ['e2e-smoke-1'],
  hydration: ['e2e-hydration-1', 'e2e-hydration-2', 'e2e-hydration-3'],
  storeUnreachable: ['e2e-store-unreachable-1'],
  forms: ['e2e-forms-1'],
} as const;

/** A cart product: 'e2e-cart-faults-2' is 'E2E Cart Faults Spacer 2', 500 in stock. */
function cartProduct(handle: string): ProductInput {
  const words = handle.split('-').slice(1);
  const number = words.pop() ?? '';
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
  return soldOnline(handle, `E2E ${name} Spacer ${number}`, 500);
}

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
    vendor: VENDOR,
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
    vendor: VENDOR,
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
    vendor: VENDOR,
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
    ...polyAndRubber(50, { poly: 4, rubber: 0 }),
  },
  /** The first variant sold out, the second in stock. */
  firstVariantEmpty: {
    handle: 'e2e-first-variant-empty',
    title: 'E2E Steer Wheel',
    ...polyAndRubber(60, { poly: 0, rubber: 9 }),
  },
  /**
   * In stock, and no spec restocks it: its page as built knows the API's stock
   * (tests/e2e/hydration.spec.ts fills a cart with all of it).
   */
  builtStock: soldOnline('e2e-built-stock', 'E2E Built Stock Spacer', 4),
  /**
   * Issue 32: two parts under one number, as two makers print the same one; the quick order
   * must ask which, never pick. In no collection.
   */
  twinA: { ...soldOnline('e2e-twin-a', 'E2E Twin Bushing A', 50), sku: 'E2E-TWIN-7' },
  twinB: { ...soldOnline('e2e-twin-b', 'E2E Twin Bushing B', 50), sku: 'E2E-TWIN-7' },
} as const satisfies {
  branch: CollectionInput;
  shortDescription: CollectionInput;
  callForPrice: ProductInput;
  notForSale: ProductInput;
  unavailableVariants: ProductInput;
  soldOutVariant: ProductInput;
  firstVariantEmpty: ProductInput;
  builtStock: ProductInput;
  twinA: ProductInput;
  twinB: ProductInput;
};

/** Collections before the products in them; removed in the opposite order. */
const RECORDS = [
  { kind: 'collections', input: FIXTURES.branch },
  { kind: 'collections', input: FIXTURES.shortDescription },
  { kind: 'products', input: FIXTURES.callForPrice },
  { kind: 'products', input: FIXTURES.notForSale },
  { kind: 'products', input: FIXTURES.unavailableVariants },
  { kind: 'products', input: FIXTURES.soldOutVariant },
  { kind: 'products', input: FIXTURES.firstVariantEmpty },
  { kind: 'products', input: FIXTURES.builtStock },
  { kind: 'products', input: FIXTURES.twinA },
  { kind: 'products', input: FIXTURES.twinB },
  ...Object.values(CART_PRODUCTS)
    .flat()
    .map((handle) => ({ kind: 'products', input: cartProduct(handle) }) as const),
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
