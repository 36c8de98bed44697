import type { ProductRecord } from '../../../shared/contracts/product-record.ts';
import { cardStock, type CardStock } from '../product/quantity.ts';
import type { CardSource } from './product-card.ts';

/**
 * What a prerendered product card (src/components/ProductCard.astro) renders: the card's
 * fields and its add button's inventory level, and nothing else of the record. The routes
 * make these in getStaticPaths, so a page's props carry a few hundred bytes a card instead
 * of the whole record: a product page's related products were 25 to 40 KB of its props,
 * copied to a prerender worker for every page (docs/performance.md, "Build at scale").
 */
export interface StaticCard extends CardSource {
  /** The first inventory level, as the card's add button adds it (spec storefront 3). */
  stock: CardStock | null;
}

/** The fields of a built product record its card reads. */
export type CardRecord = Parameters<typeof cardStock>[0] & Pick<ProductRecord, keyof CardSource>;

/**
 * Each record's card, made once: a warm publish lists every page again (publisher/warm), and
 * 100,000 product pages with eight related cards each made 800,000 cards of 100,000 records
 * (2.5 s of the listing at 100,000 products). A record changed by the warm renderer is a new
 * object, so its card is made again.
 */
const cards = new WeakMap<CardRecord, StaticCard>();

/** A built product record as its prerendered card. */
export function staticCard(product: CardRecord): StaticCard {
  let card = cards.get(product);
  if (!card) {
    card = makeCard(product);
    cards.set(product, card);
  }
  return card;
}

function makeCard(product: CardRecord): StaticCard {
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
    availableForSale: product.availableForSale,
    stock: cardStock(product),
  };
}
