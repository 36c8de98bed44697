import { priceDisplay, type PriceDisplay } from '../catalog/price-display.ts';
import { filledStars, MAX_STARS, reviewCountText } from '../catalog/rating.ts';
import { htmlToText } from '../format/html-text.ts';
import { srcsetFor } from '../images/srcset.ts';
import { cardStock, type CardStock } from '../product/quantity.ts';
import type { ApiCard } from './filter-reply.ts';

/** What a card of the results list shows (spec storefront 2, "Card content"; 5). */
export interface ResultCardView {
  id: number;
  title: string;
  href: string;
  image: string;
  srcset: string | undefined;
  vendor: string;
  vendorHref: string | null;
  /** spec storefront 5: price 0 shows the call-for-price text on the results page. */
  price: PriceDisplay;
  stars: number;
  starsLabel: string;
  reviewText: string;
  summary: string;
  soldOut: boolean;
  /** The inventory level the add button adds, or null when the card has none. */
  inventoryLevelId: number | null;
}

export interface ResultCardSettings {
  currency: string;
  productBase: string;
  noImageUrl: string;
  cdnPrefix: string;
}

/**
 * Maps an API card to what the results list renders.
 * @example resultCardView(card, settings).price.price // 'Please call us for price on this product.' at price 0
 */
export function resultCardView(card: ApiCard, settings: ResultCardSettings): ResultCardView {
  const image = card.imageUrl || settings.noImageUrl;
  const stars = filledStars(card.avgRating ?? 0);
  const vendor = card.vendor ?? '';
  return {
    id: card.id,
    title: htmlToText(card.title),
    href: `${settings.productBase}/${encodeURIComponent(card.handle)}`,
    image,
    srcset: srcsetFor(image, settings.cdnPrefix),
    vendor,
    vendorHref: vendor ? `/search.php?v=${encodeURIComponent(vendor)}` : null,
    price: priceDisplay(
      {
        price: card.price,
        compareAtPrice: card.compareAtPrice ?? null,
        availableForSale: card.availableForSale,
      },
      settings.currency,
    ),
    stars,
    starsLabel: `Rated ${stars} out of ${MAX_STARS}`,
    reviewText: reviewCountText(card.totalReviews ?? 0),
    summary: htmlToText(card.seoDescription ?? card.description ?? ''),
    soldOut: !card.availableForSale,
    inventoryLevelId: card.inventoryLevelId ?? null,
  };
}

/** The fields of a built product record a results-list card needs. */
type RecordLike = Parameters<typeof cardStock>[0] & {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  imageUrl: string | null;
  avgRating: number;
  totalReviews: number;
  price: number;
  compareAtPrice: number | null;
  seoDescription: string | null;
  availableQuantity: number | null;
};

/**
 * A built product record as the API's card (spec storefront 3): what a collection page
 * hands its results list for the prerendered first page. Only what the card shows and its
 * add button needs is kept (the first inventory level, as `cardStock` picks it), so the
 * island's props stay small.
 */
export function recordCard(product: RecordLike): ApiCard {
  const stock = cardStock(product);
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    vendor: product.vendor,
    imageUrl: product.imageUrl,
    avgRating: product.avgRating,
    totalReviews: product.totalReviews,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    seoDescription: product.seoDescription,
    availableForSale: product.availableForSale,
    availableQuantity: stock
      ? (stock.available ?? product.availableQuantity)
      : product.availableQuantity,
    inventoryLevelId: stock?.levelId ?? null,
    bypassNegativeQuantity: stock ? stock.available === null : false,
  };
}

/**
 * What a result card's add button adds (spec storefront 3: the first inventory level):
 * the level, its stock (null: unlimited, bypassNegativeQuantity) and whether it is for
 * sale; null when the card has no inventory level.
 */
export function apiCardStock(card: ApiCard): CardStock | null {
  if (typeof card.inventoryLevelId !== 'number') return null;
  return {
    levelId: card.inventoryLevelId,
    available: card.bypassNegativeQuantity ? null : Math.max(0, card.availableQuantity ?? 0),
    availableForSale: card.availableForSale,
  };
}
