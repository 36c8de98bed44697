import { atom, type ReadableAtom } from 'nanostores';
import { readLiveProduct, type BuyBoxProduct } from '../lib/product/buy-box.ts';
import type { LiveStatus } from '../lib/product/buy-state.ts';
import {
  carryChoice,
  chooseOption,
  initialChoice,
  variantParam,
  type VariantChoice,
} from '../lib/product/variant.ts';
import { getProductByHandle } from '../lib/api/catalogue.ts';

/**
 * How far the page's build-time data has been checked against the API (DESIGN, "Live data
 * over stale data"): 'checking' until the reply, 'live' after it, 'stale' when the API could
 * not be asked (the page's data stays; the server still prices the cart), 'gone' when the
 * product no longer exists.
 */
export type { LiveStatus };

export interface BuyBoxState {
  product: BuyBoxProduct;
  /** The price the page was built with for the same choice, to say when it changed. */
  builtProduct: BuyBoxProduct;
  choice: VariantChoice;
  status: LiveStatus;
}

const $state = atom<BuyBoxState | null>(null);

/** The product page's buy box: the product (live once checked) and the shopper's choice. */
export const $buyBox: ReadableAtom<BuyBoxState | null> = $state;

/**
 * Starts the buy box for the page's product, once: the choice from ?variant=, then the live
 * check. Both islands of the page call it; the second call changes nothing.
 */
export function startBuyBox(
  product: BuyBoxProduct,
  search: string,
  fetchProduct: (handle: string) => Promise<unknown> = getProductByHandle,
): Promise<void> {
  const current = $state.get();
  if (current?.product.id === product.id) return pending ?? Promise.resolve();
  $state.set({
    product,
    builtProduct: product,
    choice: initialChoice(product, variantParam(search)),
    status: 'checking',
  });
  pending = refresh(product.handle, fetchProduct).finally(() => {
    pending = undefined;
  });
  return pending;
}

let pending: Promise<void> | undefined;

async function refresh(
  handle: string,
  fetchProduct: (handle: string) => Promise<unknown>,
): Promise<void> {
  let status: LiveStatus = 'stale';
  let live: BuyBoxProduct | undefined;
  try {
    const read = readLiveProduct(await fetchProduct(handle));
    if (read.ok) {
      live = read.product;
      status = 'live';
    } else {
      console.warn('[buy-box] live product reply not understood:', read.problem);
    }
  } catch (error) {
    // A 404 means the product is gone; anything else leaves the page's data in place.
    if ((error as { status?: number }).status === 404) status = 'gone';
    else console.warn('[buy-box] live product check failed:', error);
  }
  const current = $state.get();
  if (!current || current.product.handle !== handle) return;
  if (live && live.id === current.product.id) {
    $state.set({ ...current, product: live, choice: carryChoice(live, current.choice), status });
  } else {
    $state.set({ ...current, status: live ? 'stale' : status });
  }
}

/** Chooses (or with '' clears) one option value (spec storefront 4). */
export function chooseBuyBoxOption(optionId: number, value: string): void {
  const current = $state.get();
  if (!current) return;
  $state.set({
    ...current,
    choice: chooseOption(current.product, current.choice, optionId, value),
  });
}

/** Forgets the page's product (tests; a page has one buy box for its life). */
export function resetBuyBox(): void {
  $state.set(null);
  pending = undefined;
}
