import { soldOnline } from '../../../shared/call-for-price.ts';

/** One line of the cart as islands show it (spec storefront 3, "Cart line"). */
export interface CartLine {
  lineItemId: number;
  inventoryLevelId: number;
  title: string;
  imageUrl: string | null;
  quantity: number;
  price: number;
  availableQuantity: number | null;
  availableForSale: boolean;
  sku: string | null;
  handle: string;
  bypassNegativeQuantity: boolean;
}

/** The whole cart, reloaded wholesale from each checkout reply (spec storefront 4). */
export interface CartState {
  /** False until the first reply arrived (islands show the fallback, not an empty cart). */
  loaded: boolean;
  checkoutId: string | null;
  webUrl: string | null;
  lines: CartLine[];
  totalQuantity: number;
  subtotalPrice: number;
  discountedSubtotalPrice: number;
  totalPrice: number;
  discountCode: string | null;
  currencyCode: string;
}

export const EMPTY_CART: CartState = {
  loaded: false,
  checkoutId: null,
  webUrl: null,
  lines: [],
  totalQuantity: 0,
  subtotalPrice: 0,
  discountedSubtotalPrice: 0,
  totalPrice: 0,
  discountCode: null,
  currencyCode: 'USD',
};

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isMoney = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * spec storefront 3: the checkout id is the last path segment of webUrl.
 * @example checkoutIdFromWebUrl('https://shop/api/external-checkout/abc') === 'abc'
 */
export function checkoutIdFromWebUrl(webUrl: string | null | undefined): string | null {
  if (typeof webUrl !== 'string' || webUrl === '') return null;
  const path = webUrl.split(/[?#]/, 1)[0] ?? '';
  const segment = path.replace(/\/+$/, '').split('/').pop() ?? '';
  if (segment === '' || /^[a-z]+:$/i.test(segment)) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function toLine(raw: unknown): CartLine | undefined {
  if (!isRecord(raw)) return undefined;
  const { id, inventoryLevelId, currentQuantity, totalUnitPrice } = raw;
  if (!isCount(id) || !isCount(inventoryLevelId) || !isCount(currentQuantity)) return undefined;
  if (!isMoney(totalUnitPrice)) return undefined;
  return {
    lineItemId: id,
    inventoryLevelId,
    title: text(raw['title']) ?? '',
    imageUrl: text(raw['imageUrl']),
    quantity: currentQuantity,
    price: totalUnitPrice,
    availableQuantity: isMoney(raw['availableQuantity']) ? raw['availableQuantity'] : null,
    // A line priced 0 (its price changed after it was added) is not sold online: it can be
    // lowered or removed, not raised, and the checkout refuses it (call-for-price.ts).
    availableForSale: raw['availableForSale'] === true && soldOnline(totalUnitPrice),
    sku: text(raw['sku']),
    handle: text(raw['productHandle']) ?? '',
    bypassNegativeQuantity: raw['bypassNegativeQuantity'] === true,
  };
}

/**
 * The cart state from a reply's `checkout` (spec storefront 4: "items reload wholesale from
 * a checkout"). Undefined when the reply is not a checkout, so a malformed reply never
 * replaces a good cart.
 */
export function cartFromCheckout(checkout: unknown): CartState | undefined {
  if (!isRecord(checkout) || !Array.isArray(checkout['LineItems'])) return undefined;
  const lines: CartLine[] = [];
  for (const raw of checkout['LineItems']) {
    const line = toLine(raw);
    if (line === undefined) return undefined;
    lines.push(line);
  }
  const subtotal = isMoney(checkout['subtotalPrice'])
    ? checkout['subtotalPrice']
    : lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const discounted = isMoney(checkout['discountedSubtotalPrice'])
    ? checkout['discountedSubtotalPrice']
    : subtotal;
  const webUrl = text(checkout['webUrl']);
  return {
    loaded: true,
    checkoutId: checkoutIdFromWebUrl(webUrl),
    webUrl,
    lines,
    totalQuantity: isCount(checkout['totalQuantity'])
      ? checkout['totalQuantity']
      : lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalPrice: subtotal,
    discountedSubtotalPrice: discounted,
    totalPrice: isMoney(checkout['totalPrice']) ? checkout['totalPrice'] : discounted,
    discountCode: text(checkout['discountCode']),
    currencyCode: text(checkout['currencyCode']) ?? 'USD',
  };
}

/** Pure: how many of this inventory level the cart already holds (0 when none). */
export function quantityInCart(state: CartState, inventoryLevelId: number): number {
  return state.lines
    .filter((line) => line.inventoryLevelId === inventoryLevelId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** spec storefront 2: the overlay's Discount is subtotal minus discounted subtotal. */
export function cartDiscount(state: CartState): number {
  return Math.max(0, Math.round((state.subtotalPrice - state.discountedSubtotalPrice) * 100) / 100);
}
