import { priceDisplay, type PriceDisplay } from '../catalog/price-display.ts';
import { filledStars, MAX_STARS, reviewCountText } from '../catalog/rating.ts';
import { srcsetFor } from '../images/srcset.ts';
import { htmlToText } from '../format/html-text.ts';
import type { ApiCard } from './media-api.ts';

/** The heading of the recently viewed strip (not shown by the spec). */
export const RECENTLY_VIEWED_TITLE = 'Recently Viewed';

/**
 * The ids the strip on a product page shows: the stored list without the page's own product
 * (it is the page the shopper is on), most recent first.
 * @example recentIdsToShow([5, 3, 9], 5) // [3, 9]
 */
export function recentIdsToShow(ids: readonly number[], currentId: number | undefined): number[] {
  return ids.filter((id) => id !== currentId);
}

/** What one card of the strip shows (spec storefront 2, "Card content"). */
export interface RecentCard {
  id: number;
  title: string;
  href: string;
  image: string;
  srcset: string | undefined;
  vendor: string;
  vendorHref: string | null;
  price: PriceDisplay;
  stars: number;
  starsLabel: string;
  reviewText: string;
  soldOut: boolean;
}

export interface RecentCardSettings {
  currency: string;
  productBase: string;
  noImageUrl: string;
  cdnPrefix: string;
}

/**
 * Maps an API card to what the strip renders; the same rules as the static cards
 * (src/lib/shell/card-view.ts), without the build's HTML sanitiser in the browser.
 */
export function recentCardView(card: ApiCard, settings: RecentCardSettings): RecentCard {
  const image = card.imageUrl ?? settings.noImageUrl;
  const stars = filledStars(card.avgRating);
  return {
    id: card.id,
    title: htmlToText(card.title),
    href: `${settings.productBase}/${encodeURIComponent(card.handle)}`,
    image,
    srcset: srcsetFor(image, settings.cdnPrefix),
    vendor: card.vendor,
    vendorHref: card.vendor ? `/search.php?v=${encodeURIComponent(card.vendor)}` : null,
    price: priceDisplay(card, settings.currency),
    stars,
    starsLabel: `Rated ${String(stars)} out of ${String(MAX_STARS)}`,
    reviewText: reviewCountText(card.totalReviews),
    soldOut: !card.availableForSale,
  };
}
