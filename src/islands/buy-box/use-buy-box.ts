import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { BuyBoxProduct } from '../../lib/product/buy-box.ts';
import { initialChoice } from '../../lib/product/variant.ts';
import { $buyBox, startBuyBox, type BuyBoxState } from '../../stores/buy-box.ts';

/**
 * The buy box state both islands render. Until the island has hydrated it is what the server
 * rendered (the page's product, no ?variant= known yet), so hydration matches the HTML; after
 * that it is the shared store, checked against the live API.
 */
export function useBuyBox(product: BuyBoxProduct): { state: BuyBoxState; hydrated: boolean } {
  const stored = useStore($buyBox);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    void startBuyBox(product, window.location.search);
    setHydrated(true);
  }, [product]);
  if (hydrated && stored?.product.id === product.id) return { state: stored, hydrated };
  return {
    state: {
      product,
      builtProduct: product,
      choice: initialChoice(product, null),
      status: 'checking',
    },
    hydrated: false,
  };
}
