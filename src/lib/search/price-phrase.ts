/**
 * Price text recognition in a search query (spec storefront 5): a comparator word followed
 * by an amount with $ or USD before or after. The greater side ('>', over, above, more
 * expensive than, greater than) suggests a minimum price, the lesser side ('<', under,
 * below, cheaper than, cheaper, smaller than) a maximum price.
 *
 * Not shown by the spec, chosen here: the amount must carry its currency ("under $50",
 * "over 20 USD"), so "fits over 2 inch axles" is no price; comparators match whole words,
 * case-insensitively; thousands separators are commas in groups of three ("1,250.50").
 */

export type PriceSide = 'min' | 'max';

export interface PricePhrase {
  /** 'min' for the greater side (over $20), 'max' for the lesser side (under $50). */
  side: PriceSide;
  amount: number;
  /** The phrase as written in the query. */
  text: string;
  /** Where the phrase starts and ends in the query (end exclusive). */
  start: number;
  end: number;
}

export interface PriceBounds {
  minPrice?: number | null | undefined;
  maxPrice?: number | null | undefined;
}

/** Longer comparators first, so "cheaper than" wins over "cheaper". */
const GREATER = ['more expensive than', 'greater than', 'above', 'over', '>'];
const LESSER = ['smaller than', 'cheaper than', 'cheaper', 'under', 'below', '<'];

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
const comparators = [...GREATER, ...LESSER].sort((a, b) => b.length - a.length).map(escape);

// A number: 1,250.50 or 1250.50 or .5, never followed by more digits or a digit group.
const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?`;
const CURRENCY_BEFORE = String.raw`(?:\$|usd\s*)`;
const CURRENCY_AFTER = String.raw`(?:\s*\$|\s*usd(?![\p{L}\p{N}]))`;
const AMOUNT = String.raw`(?:${CURRENCY_BEFORE}\s*(?<before>${NUMBER})(?![\d.,]*\d)|(?<after>${NUMBER})(?![\d.,]*\d)${CURRENCY_AFTER})`;
const PHRASE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?<comparator>${comparators.join('|')})\s*${AMOUNT}`,
  'giu',
);

function sideOf(comparator: string): PriceSide {
  const word = comparator.toLowerCase().replace(/\s+/g, ' ');
  return GREATER.includes(word) ? 'min' : 'max';
}

/** Every price phrase in the query, in order of appearance. */
export function parsePricePhrases(query: string): PricePhrase[] {
  const phrases: PricePhrase[] = [];
  for (const match of query.matchAll(PHRASE)) {
    const groups = match.groups ?? {};
    const digits = (groups['before'] ?? groups['after'] ?? '').replace(/,/g, '');
    // The optional parts of NUMBER can match nothing ("over $"): no amount, no phrase.
    if (!/\d/.test(digits)) continue;
    const amount = Number(digits);
    if (!Number.isFinite(amount)) continue;
    phrases.push({
      side: sideOf(groups['comparator'] ?? ''),
      amount,
      text: match[0],
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return phrases;
}

/**
 * Whether a phrase may be suggested given the bounds already set (spec storefront 5): a
 * minimum applies when there is no maxPrice or the maximum exceeds it; a maximum applies
 * when there is no minPrice or it exceeds the minimum.
 */
export function suggestionApplies(
  phrase: Pick<PricePhrase, 'side' | 'amount'>,
  bounds: PriceBounds,
) {
  if (phrase.side === 'min') return bounds.maxPrice == null || bounds.maxPrice > phrase.amount;
  return bounds.minPrice == null || phrase.amount > bounds.minPrice;
}

/** The phrases of a query that can be offered as badges under the current bounds. */
export function priceSuggestions(query: string, bounds: PriceBounds = {}): PricePhrase[] {
  return parsePricePhrases(query).filter((phrase) => suggestionApplies(phrase, bounds));
}

/** The query with one phrase taken out and the spaces around it closed up. */
export function removePhrase(query: string, phrase: Pick<PricePhrase, 'start' | 'end'>): string {
  return `${query.slice(0, phrase.start)} ${query.slice(phrase.end)}`.replace(/\s+/g, ' ').trim();
}

export interface AcceptedSuggestion {
  q: string;
  minPrice: number | null;
  maxPrice: number | null;
}

/**
 * Accepting a badge (spec storefront 4, "Price-filter suggestion"): the phrase leaves the
 * query and becomes minPrice or maxPrice; the other bound is kept.
 */
export function applyPriceSuggestion(
  query: string,
  phrase: PricePhrase,
  bounds: PriceBounds = {},
): AcceptedSuggestion {
  return {
    q: removePhrase(query, phrase),
    minPrice: phrase.side === 'min' ? phrase.amount : (bounds.minPrice ?? null),
    maxPrice: phrase.side === 'max' ? phrase.amount : (bounds.maxPrice ?? null),
  };
}

/** The badge text: "Under $50.00" or "Over $1,250.00". */
export function priceSuggestionLabel(phrase: Pick<PricePhrase, 'side' | 'amount'>): string {
  const money = phrase.amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
  });
  return `${phrase.side === 'min' ? 'Over' : 'Under'} ${money}`;
}
