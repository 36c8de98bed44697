/** Local storage key of the recently viewed list (spec storefront 4). */
export const RECENTLY_VIEWED_KEY = 'recentlyViewedProducts';
/** At most this many ids are kept (spec storefront 9: "Recently viewed max 25 ids"). */
export const RECENTLY_VIEWED_MAX = 25;

/** The heading of the recently viewed strip (not shown by the spec). */
export const RECENTLY_VIEWED_TITLE = 'Recently Viewed';

const isProductId = (id: number): boolean => Number.isSafeInteger(id) && id > 0;

/**
 * Reads the stored comma-separated list. Anything that is not a positive whole number is
 * dropped (a hand-edited or foreign value must not break the strip), duplicates keep their
 * first place, and the list is capped.
 * @example parseRecentlyViewed('7,3,x,7') // [7, 3]
 */
export function parseRecentlyViewed(raw: string | null | undefined): number[] {
  if (!raw) return [];
  const ids: number[] = [];
  for (const part of raw.split(',')) {
    const text = part.trim();
    if (!/^\d+$/.test(text)) continue;
    const id = Number(text);
    if (isProductId(id) && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, RECENTLY_VIEWED_MAX);
}

/** The stored form: ids joined by commas. */
export function serializeRecentlyViewed(ids: readonly number[]): string {
  return ids.join(',');
}

/**
 * spec storefront 4: "on product load the product id moves to the front of a comma-separated
 * list ..., deduplicated and capped at 25". An invalid id leaves the list as it was.
 */
export function pushRecentlyViewed(ids: readonly number[], id: number): number[] {
  if (!isProductId(id)) return [...ids];
  return [id, ...ids.filter((other) => other !== id)].slice(0, RECENTLY_VIEWED_MAX);
}

/** The list without `id` (the strip's remove button, spec storefront 2 history mode). */
export function withoutRecentlyViewed(ids: readonly number[], id: number): number[] {
  return ids.filter((other) => other !== id);
}

/**
 * The ids the strip on a product page shows: the stored list without the page's own product
 * (it is the page the shopper is on), most recent first.
 * @example recentIdsToShow([5, 3, 9], 5) // [3, 9]
 */
export function recentIdsToShow(ids: readonly number[], currentId: number | undefined): number[] {
  return ids.filter((id) => id !== currentId);
}
