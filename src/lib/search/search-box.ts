import {
  applyPriceSuggestion,
  parsePricePhrases,
  priceSuggestions,
  priceSuggestionLabel,
  type PriceBounds,
  type PricePhrase,
} from './price-phrase.ts';

/** spec storefront 9: at least 3 characters before the dropdown searches. */
export const MIN_QUERY_LENGTH = 3;
/** spec storefront 9: the dropdown previews 4 products. */
export const DROPDOWN_PRODUCTS = 4;
/** Not shown by the spec: how many categories the dropdown lists above the products. */
export const DROPDOWN_CATEGORIES = 4;
/** spec storefront 9: 600 ms, and 400 ms on the results page. */
export const DEBOUNCE_MS = 600;
export const RESULTS_PAGE_DEBOUNCE_MS = 400;
/** spec storefront 9: price suggestions appear 600 ms after typing. */
export const PRICE_SUGGESTION_DELAY_MS = 600;
export const RESULTS_PATH = '/search.php';
export const NO_RESULTS = 'No results found.';

/** /search.php, or the page it is served from (src/lib/routing/legacy-routes.ts). */
export function isResultsPage(pathname: string): boolean {
  return pathname === RESULTS_PATH || pathname === '/search/' || pathname === '/search';
}

export function debounceFor(pathname: string): number {
  return isResultsPage(pathname) ? RESULTS_PAGE_DEBOUNCE_MS : DEBOUNCE_MS;
}

/** spec storefront 5: search runs only with at least 3 characters. */
export function canSearch(term: string): boolean {
  return term.trim().length >= MIN_QUERY_LENGTH;
}

/** The words the index is asked for: the query without its price phrases ("wheel under $50"). */
export function searchTerm(query: string): string {
  const phrases = parsePricePhrases(query);
  let term = query;
  for (const phrase of phrases.reverse())
    term = term.slice(0, phrase.start) + ' ' + term.slice(phrase.end);
  return term.replace(/\s+/g, ' ').trim();
}

/** A price range; null for no bound on that side. Both bounds are inclusive, as the API's. */
export interface PriceRange {
  minPrice: number | null;
  maxPrice: number | null;
}

/**
 * The prices the dropdown's product preview keeps to: the bounds already chosen with each
 * price phrase of the query applied as accepting its badge would, so 'wheel under $50'
 * previews wheels of at most $50 under its 'Under $50.00' badge.
 */
export function previewPrices(query: string, bounds: PriceBounds = {}): PriceRange {
  let range: PriceRange = { minPrice: bounds.minPrice ?? null, maxPrice: bounds.maxPrice ?? null };
  for (const phrase of priceSuggestions(query, bounds)) {
    const { minPrice, maxPrice } = applyPriceSuggestion(query, phrase, range);
    range = { minPrice, maxPrice };
  }
  return range;
}

/** Whether a price is inside a range (a missing or unreadable price is inside no bound). */
export function inPriceRange(price: number, { minPrice, maxPrice }: PriceRange): boolean {
  if (minPrice === null && maxPrice === null) return true;
  if (!Number.isFinite(price)) return false;
  return (minPrice === null || price >= minPrice) && (maxPrice === null || price <= maxPrice);
}

/** The scope of a dropdown search: its category and its preview's prices, as one key. */
export const searchScope = (category: string, { minPrice, maxPrice }: PriceRange): string =>
  `${category}|${String(minPrice)}|${String(maxPrice)}`;

/** The category picker's first option (spec storefront 2), which searches every category. */
export const ALL_CATEGORIES = 'All Categories';

export interface SearchTarget extends PriceBounds {
  q: string;
  /** A collection id from the category selector; '' for All Categories. */
  c: string;
}

/**
 * The results page URL for a search, or null when it may not be submitted (spec storefront
 * 5: submitting needs a non-empty q). With `allowEmptyQ` (an accepted price badge that was
 * the whole query) the price bounds alone are enough.
 */
export function searchUrl(target: SearchTarget, allowEmptyQ = false): string | null {
  const q = target.q.trim();
  if (!q && !(allowEmptyQ && (target.minPrice != null || target.maxPrice != null))) return null;
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (target.c) params.set('c', target.c);
  if (target.minPrice != null) params.set('minPrice', String(target.minPrice));
  if (target.maxPrice != null) params.set('maxPrice', String(target.maxPrice));
  return `${RESULTS_PATH}?${params.toString()}`;
}

/** What the results page's URL says, for a box that starts where the shopper left off. */
export function targetFromUrl(search: string): SearchTarget {
  const params = new URLSearchParams(search);
  const price = (name: string) => {
    const raw = params.get(name);
    const value = raw === null || raw.trim() === '' ? NaN : Number(raw);
    return Number.isFinite(value) && value >= 0 ? value : null;
  };
  return {
    q: params.get('q') ?? '',
    c: params.get('c') ?? '',
    minPrice: price('minPrice'),
    maxPrice: price('maxPrice'),
  };
}

/** One entry of the dropdown (a page from the index). */
export interface SearchHit {
  url: string;
  title: string;
  image: string;
  price?: string | undefined;
  partNumber?: string | undefined;
}

export type DropdownOption =
  | { id: string; kind: 'price'; label: string; phrase: PricePhrase }
  | { id: string; kind: 'machine' | 'category' | 'product'; label: string; hit: SearchHit };

export type SearchStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface SearchBoxState {
  query: string;
  open: boolean;
  status: SearchStatus;
  /** The term the shown results belong to. */
  resultsFor: string;
  /** The scope they were searched in: category and preview prices (searchScope). */
  resultsIn: string;
  /** Machine models the text names (issue 31, item 6), before the categories. */
  machines: SearchHit[];
  categories: SearchHit[];
  products: SearchHit[];
  suggestions: PricePhrase[];
  /** Index into dropdownOptions(state), or -1 when no option is active. */
  active: number;
}

export const initialSearchBoxState = (query = ''): SearchBoxState => ({
  query,
  open: false,
  status: 'idle',
  resultsFor: '',
  resultsIn: '',
  machines: [],
  categories: [],
  products: [],
  suggestions: [],
  active: -1,
});

export type SearchBoxAction =
  | { type: 'focus' }
  | { type: 'input'; query: string }
  /** The text the box starts with (the results page's q, or what was typed before hydration). */
  | { type: 'restore'; query: string }
  | { type: 'searching'; term: string }
  | {
      type: 'results';
      term: string;
      /** searchScope of the search. */
      scope: string;
      machines: SearchHit[];
      categories: SearchHit[];
      products: SearchHit[];
    }
  | { type: 'failed'; term: string }
  | { type: 'suggestions'; query: string; phrases: PricePhrase[] }
  | { type: 'close' }
  | { type: 'move'; by: 1 | -1 }
  | { type: 'first' | 'last' };

/** The options of the dropdown in screen order: price badges, Machines, Categories, Products. */
export function dropdownOptions(state: SearchBoxState): DropdownOption[] {
  return [
    ...state.suggestions.map((phrase, i) => ({
      id: `price-${i}`,
      kind: 'price' as const,
      label: priceSuggestionLabel(phrase),
      phrase,
    })),
    ...state.machines.map((hit, i) => ({
      id: `machine-${i}`,
      kind: 'machine' as const,
      label: hit.title,
      hit,
    })),
    ...state.categories.map((hit, i) => ({
      id: `category-${i}`,
      kind: 'category' as const,
      label: hit.title,
      hit,
    })),
    ...state.products.map((hit, i) => ({
      id: `product-${i}`,
      kind: 'product' as const,
      label: hit.title,
      hit,
    })),
  ];
}

/**
 * Whether the dropdown already holds the results of this term in this category. The index
 * does not change while a page is open, so reopening the dropdown (Escape, then an arrow key)
 * shows them again without a new search, which would also drop the option the shopper has
 * just moved to.
 */
export const hasResultsFor = (state: SearchBoxState, term: string, scope: string) =>
  state.status === 'loaded' && state.resultsFor === term && state.resultsIn === scope;

/** What the dropdown shows: its options, or the empty message, or nothing at all. */
export function dropdownView(state: SearchBoxState) {
  const options = state.open ? dropdownOptions(state) : [];
  const searched = state.status === 'loaded' && canSearch(state.resultsFor);
  const empty =
    state.open &&
    searched &&
    state.machines.length === 0 &&
    state.categories.length === 0 &&
    state.products.length === 0 &&
    state.suggestions.length === 0;
  return { options, expanded: options.length > 0, empty, visible: options.length > 0 || empty };
}

const resultsCleared = {
  status: 'idle' as const,
  resultsFor: '',
  resultsIn: '',
  machines: [],
  categories: [],
  products: [],
  active: -1,
};

/**
 * The dropdown's rules (spec storefront 4, "Search"): it opens on focus and closes on an
 * outside click, on choosing a result (close), or when the query is empty; results and
 * suggestions for a query that is no longer in the box are dropped. Text the box starts with
 * (restore) does not open it: the shopper has not asked for suggestions yet.
 */
export function searchBoxReducer(state: SearchBoxState, action: SearchBoxAction): SearchBoxState {
  switch (action.type) {
    case 'focus':
      return state.open ? state : { ...state, open: true };
    case 'input': {
      if (action.query === state.query) return state;
      const empty = action.query.trim() === '';
      return {
        ...state,
        query: action.query,
        open: !empty,
        active: -1,
        // Badges belong to the text they were read from; new ones come after the delay.
        suggestions: [],
        ...(empty || !canSearch(action.query) ? resultsCleared : {}),
      };
    }
    case 'restore':
      if (action.query === state.query) return state;
      return { ...state, query: action.query, suggestions: [], ...resultsCleared };
    case 'searching':
      if (action.term !== searchTerm(state.query)) return state;
      return { ...state, status: 'loading' };
    case 'results':
      if (action.term !== searchTerm(state.query)) return state;
      return {
        ...state,
        status: 'loaded',
        resultsFor: action.term,
        resultsIn: action.scope,
        machines: action.machines,
        categories: action.categories,
        products: action.products,
        active: -1,
      };
    case 'failed':
      if (action.term !== searchTerm(state.query)) return state;
      // spec storefront 4: "A failed fetch marks search as not loaded."
      return { ...state, ...resultsCleared, status: 'failed' };
    case 'suggestions':
      if (action.query !== state.query) return state;
      return { ...state, suggestions: action.phrases, active: -1 };
    case 'close':
      return state.open ? { ...state, open: false, active: -1 } : state;
    case 'move': {
      const count = dropdownOptions(state).length;
      if (!state.open) return { ...state, open: true };
      if (count === 0) return state;
      const next = state.active + action.by;
      // Past either end the focus returns to the text (active -1), as in a native datalist.
      return { ...state, active: next < -1 ? count - 1 : next >= count ? -1 : next };
    }
    case 'first':
    case 'last': {
      const count = dropdownOptions(state).length;
      if (!state.open || count === 0) return state;
      return { ...state, active: action.type === 'first' ? 0 : count - 1 };
    }
  }
}
