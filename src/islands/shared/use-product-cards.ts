import { useEffect, useState } from 'react';
import { fetchCards, type ApiCard } from '../../lib/product/media-api.ts';

/**
 * The API's cards for the ids shown, in their order, from one GET /api/products?productIds= call for those not
 * fetched yet, and how that call went; `setAttempt` with a new number asks again after a
 * failure. A tuple rather than an object: the strips are on every product page. The
 * recently viewed and the related products' strips (RecentlyViewed.tsx,
 * src/islands/related/RelatedProducts.tsx).
 */
export function useProductCards(shownIds: readonly number[]) {
  const [cards, setCards] = useState<ReadonlyMap<number, ApiCard>>(new Map());
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
  // Why the last call failed, or null (none yet, asking, or done).
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const wanted = shownIds.filter((id) => !cards.has(id) && !missing.has(id));
  const wantedKey = wanted.join(',');

  useEffect(() => {
    if (wantedKey === '') return;
    const asked = wantedKey.split(',').map(Number);
    const controller = new AbortController();
    setFailure(null);
    fetchCards(asked, controller.signal).then(
      (result) => {
        if (!result.ok) {
          setFailure(result.message);
          return;
        }
        setCards((before) => new Map([...before, ...result.value.map((c) => [c.id, c] as const)]));
        // Ids the API no longer knows (a deleted product) are not asked for again.
        const found = new Set(result.value.map((c) => c.id));
        setMissing((before) => new Set([...before, ...asked.filter((id) => !found.has(id))]));
        setFailure(null);
      },
      () => {
        /* aborted: the list changed or the page is going away */
      },
    );
    return () => {
      controller.abort();
    };
  }, [wantedKey, attempt]);

  const shown = shownIds.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
  return [shown, failure, setAttempt] as const;
}
