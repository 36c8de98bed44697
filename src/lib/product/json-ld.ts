import { MAX_STARS } from '../catalog/rating.ts';

/** spec storefront 9: an offer's price is valid for 1 week from the build. */
export const PRICE_VALID_DAYS = 7;

const SCHEMA = 'https://schema.org/';

/** What the Product graph reads from a product record. */
export interface JsonLdProduct {
  title: string;
  sku: string;
  partNumber: string;
  vendor: string;
  condition: string;
  price: number;
  availableForSale: boolean;
  avgRating: number;
  totalReviews: number;
  isEligibleForFreeShipping: boolean;
}

export interface ProductJsonLdOptions {
  /** Absolute canonical URL of the product page. */
  url: string;
  /** Absolute image URLs, largest first. */
  images: readonly string[];
  /** Plain-text description. */
  description: string;
  /** ISO 4217 store currency (theme.storeCurrency). */
  currency: string;
  /** When the page is built; priceValidUntil is a week later. */
  buildDate: Date;
  /** Days a buyer may return an item (theme.returns.returnDays). */
  returnDays: number;
  /** Restocking fee in percent, when the store charges one. */
  restockingFeePercent?: number;
  /** Order value from which shipping is free; -1 for none (theme.freeShippingValue). */
  freeShippingValue: number;
  /**
   * The machine models the part fits (issue 31, item 7), each once: `isAccessoryOrSparePartFor`
   * names them. None for a universal part or one without data.
   */
  fitsModels?: readonly { brand: string; model: string; name: string }[];
}

/** Most models one page names in its structured data (a chain may fit hundreds). */
export const MAX_JSON_LD_MODELS = 50;

/**
 * The date a week after `from`, as YYYY-MM-DD (UTC).
 * @example priceValidUntil(new Date('2024-12-28T10:00:00Z')) // '2025-01-04'
 */
export function priceValidUntil(from: Date, days = PRICE_VALID_DAYS): string {
  const until = new Date(from.getTime() + days * 86_400_000);
  return until.toISOString().slice(0, 10);
}

/** schema.org item condition of the API's condition text (New, Used, Refurbished...). */
export function itemCondition(condition: string): string {
  const text = condition.toLowerCase();
  if (text.includes('refurb') || text.includes('rebuilt') || text.includes('reman'))
    return `${SCHEMA}RefurbishedCondition`;
  if (text.includes('used')) return `${SCHEMA}UsedCondition`;
  if (text.includes('damage')) return `${SCHEMA}DamagedCondition`;
  return `${SCHEMA}NewCondition`;
}

/**
 * The schema.org Product graph of a product page (spec storefront 2 "SEO metadata",
 * storefront 9 "Structured data"): Product with brand and an Offer carrying the price valid
 * for a week, availability, condition, a US return policy (finite window, by mail,
 * restocking fees) and US shipping details; AggregateRating only when there are reviews.
 * The BreadcrumbList is a separate block (the Breadcrumbs component writes it).
 */
export function productJsonLd(product: JsonLdProduct, options: ProductJsonLdOptions) {
  const { url, currency } = options;
  const freeShipping =
    product.isEligibleForFreeShipping &&
    options.freeShippingValue >= 0 &&
    product.price >= options.freeShippingValue;
  const returnPolicy = {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'US',
    returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: options.returnDays,
    returnMethod: `${SCHEMA}ReturnByMail`,
    returnFees: `${SCHEMA}RestockingFees`,
    ...(options.restockingFeePercent !== undefined && {
      restockingFee: {
        '@type': 'QuantitativeValue',
        value: options.restockingFeePercent,
        unitCode: 'P1',
      },
    }),
  };
  const shippingDetails = {
    '@type': 'OfferShippingDetails',
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
    // A rate is stated only when it is known: free for an eligible product at or over the
    // threshold; otherwise it is calculated at checkout.
    ...(freeShipping && {
      shippingRate: { '@type': 'MonetaryAmount', value: 0, currency },
    }),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    sku: product.sku,
    ...(product.partNumber && { mpn: product.partNumber }),
    ...(product.vendor && { brand: { '@type': 'Brand', name: product.vendor } }),
    image: [...options.images],
    ...(options.description && { description: options.description }),
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: currency,
      priceValidUntil: priceValidUntil(options.buildDate),
      availability: product.availableForSale ? `${SCHEMA}InStock` : `${SCHEMA}OutOfStock`,
      itemCondition: itemCondition(product.condition),
      hasMerchantReturnPolicy: returnPolicy,
      shippingDetails,
    },
    ...(options.fitsModels?.length && {
      isAccessoryOrSparePartFor: options.fitsModels.slice(0, MAX_JSON_LD_MODELS).map((fit) => ({
        '@type': 'Product',
        name: fit.name,
        model: fit.model,
        brand: { '@type': 'Brand', name: fit.brand },
      })),
    }),
    ...(product.totalReviews > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: Math.round(product.avgRating * 10) / 10,
        reviewCount: product.totalReviews,
        bestRating: MAX_STARS,
        worstRating: 1,
      },
    }),
  };
}
