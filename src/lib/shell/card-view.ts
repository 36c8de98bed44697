import { priceDisplay, type PriceDisplay } from '../catalog/price-display.ts';
import { filledStars, MAX_STARS, reviewCountText } from '../catalog/rating.ts';
import { srcsetFor } from '../images/srcset.ts';
import type { ProductRecord } from '../../loaders/product-record.ts';
import { productPlainTitle } from '../../loaders/product-record.ts';

/** What a product card shows (spec storefront 2, "Card content"; 5). */
export interface CardView {
  title: string;
  href: string;
  image: string;
  srcset: string | undefined;
  vendor: string;
  /** /search.php?v={vendor}, or null when the product has no vendor. */
  vendorHref: string | null;
  price: PriceDisplay;
  /** Filled stars out of 5, and the words a screen reader hears for them. */
  stars: number;
  starsLabel: string;
  reviewText: string;
  soldOut: boolean;
}

export type CardProduct = Pick<
  ProductRecord,
  | 'title'
  | 'handle'
  | 'imageUrl'
  | 'vendor'
  | 'price'
  | 'compareAtPrice'
  | 'availableForSale'
  | 'avgRating'
  | 'totalReviews'
>;

export interface CardSettings {
  currency: string;
  productBase: string;
  noImageUrl: string;
  cdnPrefix: string;
}

/**
 * Maps a product record to what its card renders.
 * @example cardView(product, settings).price // { price: CALL_FOR_PRICE, ... } for price 0
 */
export function cardView(product: CardProduct, settings: CardSettings): CardView {
  const image = product.imageUrl ?? settings.noImageUrl;
  const stars = filledStars(product.avgRating);
  return {
    title: productPlainTitle(product),
    href: `${settings.productBase}/${encodeURIComponent(product.handle)}`,
    image,
    srcset: srcsetFor(image, settings.cdnPrefix),
    vendor: product.vendor,
    vendorHref: product.vendor ? `/search.php?v=${encodeURIComponent(product.vendor)}` : null,
    price: priceDisplay(product, settings.currency),
    stars,
    starsLabel: `Rated ${stars} out of ${MAX_STARS}`,
    reviewText: reviewCountText(product.totalReviews),
    soldOut: !product.availableForSale,
  };
}
