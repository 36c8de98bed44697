import { CART_OWNER_COOKIE } from '../cart/owner.ts';
import { CHECKOUT_COOKIE } from '../cart/session.ts';
import type { CheckoutView } from '../cart/view.ts';
import { upsertCollection, upsertProduct } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { testApp } from './app.ts';
import { optionVariant } from './catalogue.ts';

/**
 * Test helpers of the cart area (not used by the server): a small catalogue covering the
 * stock rules, and a client that carries the cart cookie between calls by hand.
 */

/** Creates the test catalogue; returns inventory level ids by a short name. */
export function seedCartCatalogue(db: Database) {
  upsertCollection(db, { handle: 'wheels', title: 'Wheels' });
  const simple = (
    handle: string,
    title: string,
    price: number,
    inventory: { availableQuantity: number; bypassNegativeQuantity?: boolean },
    extra: { availableForSale?: boolean; isEligibleForFreeShipping?: boolean } = {},
  ) =>
    upsertProduct(db, {
      handle,
      title,
      price,
      sku: `${handle.toUpperCase()}-SKU`,
      collections: ['wheels'],
      imageUrl: `/api/media/${handle}.jpg`,
      ...(extra.isEligibleForFreeShipping === undefined
        ? {}
        : { isEligibleForFreeShipping: extra.isEligibleForFreeShipping }),
      variants: [
        {
          title: 'Default Title',
          price,
          availableForSale: extra.availableForSale ?? true,
          inventory,
        },
      ],
    });
  simple('poly-load-wheel', 'Poly Load Wheel', 25.99, { availableQuantity: 3 });
  simple('seal-kit', 'Seal Kit', 12.5, { availableQuantity: 0 });
  simple('made-to-order-fork', 'Made-to-Order Fork', 300, {
    availableQuantity: 0,
    bypassNegativeQuantity: true,
  });
  simple(
    'discontinued-pump',
    'Discontinued Pump',
    80,
    { availableQuantity: 10 },
    {
      availableForSale: false,
    },
  );
  simple(
    'freight-battery',
    'Freight Battery',
    150,
    { availableQuantity: 10 },
    {
      isEligibleForFreeShipping: false,
    },
  );
  simple('markup-chain', '<b>Lift</b> Chain &amp; Pin', 10, { availableQuantity: 50 });
  // Priced 0: in stock, but its price is asked by phone (shared/call-for-price.ts).
  simple('call-for-price-axle', 'Steer Wheel Axle', 0, { availableQuantity: 8 });
  upsertProduct(db, {
    handle: 'hydraulic-pump',
    title: 'Hydraulic Pump',
    price: 100,
    options: ['Size'],
    variants: [
      optionVariant('Size', 'Small', 100, 5, { sku: 'HP-S', availableForSale: false }),
      optionVariant('Size', 'Medium', 110, 0, { sku: 'HP-M' }),
      optionVariant('Size', 'Large', 120, 2, { sku: 'HP-L' }),
    ],
  });
  const level = (handle: string, variant = 'Default Title'): number =>
    (
      db
        .prepare(
          `SELECT il.id FROM inventory_levels il JOIN variants v ON v.id = il.variant_id
           JOIN products p ON p.id = v.product_id WHERE p.handle = ? AND v.title = ?`,
        )
        .get(handle, variant) as { id: number }
    ).id;
  return {
    wheel: level('poly-load-wheel'),
    sealKit: level('seal-kit'),
    fork: level('made-to-order-fork'),
    pump: level('discontinued-pump'),
    battery: level('freight-battery'),
    chain: level('markup-chain'),
    callForPrice: level('call-for-price-axle'),
    hydraulicSmall: level('hydraulic-pump', 'Small'),
    hydraulicMedium: level('hydraulic-pump', 'Medium'),
    hydraulicLarge: level('hydraulic-pump', 'Large'),
  };
}

/** Inserts a country, states and discount codes used by the cart tests; returns state ids. */
export function seedCartSettings(db: Database) {
  db.exec(`INSERT INTO countries (code, title) VALUES ('US', 'United States');
    INSERT INTO states (id, country_code, code, title, tax_rate, shipping_cents, mainland)
    VALUES (1, 'US', 'TX', 'Texas', 0.0625, 1299, 1), (2, 'US', 'HI', 'Hawaii', 0.04, 4999, 0);
    INSERT INTO discount_codes (code, kind, value, minimum_subtotal_cents, active) VALUES
      ('SAVE10', 'percent', 10, 0, 1), ('FIVEOFF', 'amount', 500, 0, 1),
      ('BIGSPENDER', 'amount', 2000, 20000, 1), ('EXPIRED', 'percent', 50, 0, 0),
      ('HUGE', 'amount', 1000000, 0, 1);`);
  return { texas: 1, hawaii: 2 };
}

type App = ReturnType<typeof testApp>['app'];

/** The origin test requests go to, and the one the store's pages send. */
const ORIGIN = 'http://localhost';

/** One shopper: a cookie jar of the two cart cookies, and calls to /api with JSON bodies. */
export class Shopper {
  /** The `checkout_id=...` pair, or '' before the first change. */
  cookie = '';
  /** The `cart_owner=...` pair (server/cart/owner.ts), or ''. */
  owner = '';
  readonly app: App;
  constructor(app: App) {
    this.app = app;
  }

  /** Calls `/api{path}`; `body` is sent as JSON unless it is already a string. */
  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const init: RequestInit = {
      method,
      // As the store's pages call: the site's Origin, and the JSON header on every change.
      headers: {
        origin: ORIGIN,
        ...(body === undefined && method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...(this.cookieHeader === '' ? {} : { cookie: this.cookieHeader }),
        ...headers,
      },
      body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
    };
    const response = await this.app.request(`${ORIGIN}/api${path}`, init);
    this.keepCookie(response);
    return response;
  }

  /** POST /api/checkouts/lineItems: adds `quantity` of an inventory level to the cart. */
  add(inventoryLevelId: number, quantity: number, headers?: Record<string, string>) {
    return this.call('POST', '/checkouts/lineItems', { inventoryLevelId, quantity }, headers);
  }

  /**
   * POST /api/checkouts/lineItems with a list: adds each `[inventoryLevelId, quantity]` in
   * one request (the shape lineQuantities gives back).
   */
  addLines(lines: readonly (readonly [number, number])[], headers?: Record<string, string>) {
    const lineItems = lines.map(([inventoryLevelId, quantity]) => ({ inventoryLevelId, quantity }));
    return this.call('POST', '/checkouts/lineItems', { lineItems }, headers);
  }

  /** PUT /api/checkouts/lineItems: sets the quantity of an inventory level (0 removes it). */
  setQuantity(inventoryLevelId: number, quantity: number, headers?: Record<string, string>) {
    return this.call('PUT', '/checkouts/lineItems', { inventoryLevelId, quantity }, headers);
  }

  /** The shopper's checkout, as GET /api/checkouts shows it. */
  async cart(): Promise<CheckoutJson> {
    return Shopper.checkout(await this.call('GET', '/checkouts'));
  }

  /**
   * A `fetch` for the storefront's API client (src/lib/api), so that store tests run against
   * this app: each call carries the shopper's cookies, and a change the store's Origin, as a
   * browser on the store's own pages sends them.
   */
  readonly fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (init.method !== undefined && init.method !== 'GET') headers.set('origin', ORIGIN);
    if (this.cookieHeader !== '') headers.set('cookie', this.cookieHeader);
    const response = await this.app.request(new URL(input, ORIGIN).href, { ...init, headers });
    this.keepCookie(response);
    return response;
  };

  /** Both cart cookies, as a browser sends them. */
  get cookieHeader(): string {
    return [this.cookie, this.owner].filter((pair) => pair !== '').join('; ');
  }

  /** Takes the cart cookie and the cart owner cookie from a reply, as a browser would. */
  keepCookie(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      if (pair?.startsWith(`${CHECKOUT_COOKIE}=`)) {
        const value = pair.slice(CHECKOUT_COOKIE.length + 1);
        this.cookie = value === '' || /max-age=0/i.test(header) ? '' : pair;
      }
      if (pair?.startsWith(`${CART_OWNER_COOKIE}=`)) this.owner = pair;
    }
  }

  /** The checkout of a reply (asserting the reply is JSON with one). */
  static async checkout(response: Response): Promise<CheckoutJson> {
    const json = (await response.json()) as { checkout: CheckoutJson };
    return json.checkout;
  }
}

/** The checkout reply as the tests read it: the API's own view type. */
export type CheckoutJson = CheckoutView;

/** A checkout's lines as [inventory level id, quantity] pairs, in the cart's order. */
export const lineQuantities = (checkout: CheckoutJson): [number, number][] =>
  checkout.LineItems.map((line) => [line.inventoryLevelId, line.currentQuantity]);

/** A fresh app with the cart catalogue and settings, and one shopper. */
export function cartTestApp(options: { now?: () => number } = {}) {
  const { app, db } = testApp(options.now === undefined ? {} : { now: options.now });
  const levels = seedCartCatalogue(db);
  const states = seedCartSettings(db);
  return { app, db, levels, states, shopper: new Shopper(app) };
}
