import { persistentAtom } from '@nanostores/persistent';
import type { ReadableAtom } from 'nanostores';
import {
  parseRecentlyViewed,
  pushRecentlyViewed,
  RECENTLY_VIEWED_KEY,
  RECENTLY_VIEWED_MAX,
  serializeRecentlyViewed,
  withoutRecentlyViewed,
} from '../lib/product/recently-viewed.ts';

export { RECENTLY_VIEWED_KEY, RECENTLY_VIEWED_MAX };

// spec storefront 4: a comma-separated list in local storage under recentlyViewedProducts.
// `listen: true` (the default) keeps every tab's copy in step through the storage event.
const $store = persistentAtom<number[]>(RECENTLY_VIEWED_KEY, [], {
  encode: serializeRecentlyViewed,
  decode: parseRecentlyViewed,
});

/** Product ids the shopper viewed, most recent first, at most RECENTLY_VIEWED_MAX. */
export const $recentlyViewed: ReadableAtom<number[]> = $store;

/** Moves the product id to the front of the list (called when a product page loads). */
export function recordRecentlyViewed(id: number): void {
  const next = pushRecentlyViewed($store.get(), id);
  if (serializeRecentlyViewed(next) !== serializeRecentlyViewed($store.get())) $store.set(next);
}

/** Takes the product id off the list (the recently viewed strip's remove button). */
export function removeRecentlyViewed(id: number): void {
  const current = $store.get();
  if (current.includes(id)) $store.set(withoutRecentlyViewed(current, id));
}
