import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

/**
 * `useStore` for a store whose value in the browser can differ from the one the build rendered
 * the island with: the cart (loaded from the API, often by another island or a card script
 * before this island hydrates at `client:idle`), or anything kept in local storage.
 *
 * While React hydrates the island it renders `serverValue`, the value the build's HTML was
 * made from, so the first client render matches that HTML; React then renders again at once
 * with the store's value. Plain `useStore` hands React the store's current value as the
 * server's too, and when the cart had already loaded the first render differed from the HTML:
 * React error #418 on /cart.php and on product pages.
 *
 * `serverValue` must be the same value on every call (a constant, or the store's initial).
 * @example const cart = useHydratingStore($cart, EMPTY_CART);
 */
export function useHydratingStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useStore(store, { ssr: () => serverValue });
}
