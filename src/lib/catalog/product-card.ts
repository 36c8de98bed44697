import { htmlToText } from '../../../shared/format/html-text.ts';
import { srcsetFor } from '../../../shared/images/srcset.ts';
import { priceDisplay, type PriceDisplay } from './price-display.ts';
import { filledStars, MAX_STARS, reviewCountText } from './rating.ts';
import { productPath } from '../routing/paths.ts';

/**
 * What a product card reads: an API card (the results list, the recently viewed strip) or a
 * built product record (the static grids and sliders) — both carry these fields.
 */
export interface CardSource {
  id: number;
  handle: string;
  /** Title markup: the card shows its text. */
  title: string;
  vendor?: string | null | undefined;
  imageUrl?: string | null | undefined;
  avgRating?: number | null | undefined;
  totalReviews?: number | null | undefined;
  price: number;
  compareAtPrice?: number | null | undefined;
  availableForSale: boolean;
}

/** What every product card shows (spec storefront 2, "Card content"; 5). */
export interface ProductCardView {
  id: number;
  title: string;
  href: string;
  image: string;
  srcset: string | undefined;
  vendor: string;
  /** /search.php?v={vendor}, or null when the product has no vendor. */
  vendorHref: string | null;
  /** spec storefront 5: a price of 0 asks the shopper to call, on every list. */
  price: PriceDisplay;
  /** Filled stars out of 5, and the words a screen reader hears for them. */
  stars: number;
  starsLabel: string;
  reviewText: string;
  soldOut: boolean;
}

export interface CardSettings {
  currency: string;
  productBase: string;
  noImageUrl: string;
  cdnPrefix: string;
}

/**
 * The card picture's rendered width, for its srcset: half a phone, or a 250 px column. A
 * preload of the picture (early-filter.ts) names the same sizes, or the browser fetches twice.
 */
export const CARD_IMAGE_SIZES = '(max-width: 767px) 50vw, 250px';

/** The card's picture and its responsive variants: the no-image picture when there is none. */
export function cardImage(
  imageUrl: string | null | undefined,
  settings: Pick<CardSettings, 'noImageUrl' | 'cdnPrefix'>,
): { image: string; srcset: string | undefined } {
  // An empty image URL is no image, as a missing one is.
  const image = imageUrl || settings.noImageUrl;
  return { image, srcset: srcsetFor(image, settings.cdnPrefix) };
}

/**
 * The one mapping from a product to its card, for every list of the store.
 * @example productCardView({ ...card, price: 0 }, settings).price.price // CALL_FOR_PRICE
 */
export function productCardView(source: CardSource, settings: CardSettings): ProductCardView {
  const { image, srcset } = cardImage(source.imageUrl, settings);
  const stars = filledStars(source.avgRating ?? 0);
  const vendor = source.vendor ?? '';
  return {
    id: source.id,
    title: htmlToText(source.title),
    href: productPath(settings.productBase, source.handle),
    image,
    srcset,
    vendor,
    vendorHref: vendor ? `/search.php?v=${encodeURIComponent(vendor)}` : null,
    price: priceDisplay(
      {
        price: source.price,
        compareAtPrice: source.compareAtPrice ?? null,
        availableForSale: source.availableForSale,
      },
      settings.currency,
    ),
    stars,
    starsLabel: `Rated ${String(stars)} out of ${String(MAX_STARS)}`,
    reviewText: reviewCountText(source.totalReviews ?? 0),
    soldOut: !source.availableForSale,
  };
}
