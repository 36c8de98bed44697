import {
  productCardView,
  type CardSettings,
  type ProductCardView,
} from '../catalog/product-card.ts';
import type { CardFit } from '../../../shared/contracts/product-card.ts';
import type { ProductRecord } from '../../../shared/contracts/product-record.ts';
import { htmlToText } from '../../../shared/format/html-text.ts';
import { staticCard, type CardRecord } from '../catalog/static-card.ts';
import type { ApiCard } from './filter-reply.ts';

/** A card of the results list: the store's one card, with the summary its list view shows. */
export interface ResultCardView extends ProductCardView {
  summary: string;
  /** The inventory level the add button adds, or null when the card has none. */
  inventoryLevelId: number | null;
  /** The card's verdict in a list under a chosen machine (issue 31, item 9), else null. */
  fit: CardFit | null;
}

/**
 * Maps an API card to what the results list renders: the one card view
 * (src/lib/catalog/product-card.ts) and the list view's summary.
 * @example resultCardView(card, settings).summary // the SEO description as text
 */
export function resultCardView(card: ApiCard, settings: CardSettings): ResultCardView {
  return {
    ...productCardView(card, settings),
    summary: htmlToText(card.seoDescription ?? card.description ?? ''),
    inventoryLevelId: card.inventoryLevelId ?? null,
    fit: card.fit ?? null,
  };
}

/** The fields of a built product record a results-list card needs. */
type RecordLike = CardRecord & Pick<ProductRecord, 'seoDescription' | 'availableQuantity'>;

/**
 * A built product record as the API's card (spec storefront 3): what a collection page
 * hands its results list for the prerendered first page. Only what the card shows and its
 * add button needs is kept (the first inventory level, as `cardStock` picks it), so the
 * island's props stay small.
 */
export function recordCard(product: RecordLike): ApiCard {
  const { stock, ...card } = staticCard(product);
  return {
    ...card,
    seoDescription: product.seoDescription,
    availableQuantity: stock
      ? (stock.available ?? product.availableQuantity)
      : product.availableQuantity,
    inventoryLevelId: stock?.levelId ?? null,
    bypassNegativeQuantity: stock ? stock.available === null : false,
  };
}
