import { describe, expect, it } from 'vitest';
import { parsePricePhrases } from './price-phrase.ts';
import {
  DEBOUNCE_MS,
  MIN_QUERY_LENGTH,
  RESULTS_PAGE_DEBOUNCE_MS,
  canSearch,
  debounceFor,
  dropdownOptions,
  dropdownView,
  initialSearchBoxState,
  searchBoxReducer,
  searchTerm,
  searchUrl,
  targetFromUrl,
  hasResultsFor,
  inPriceRange,
  previewPrices,
  type SearchBoxAction,
  type SearchBoxState,
  type SearchHit,
} from './search-box.ts';

const hit = (title: string): SearchHit => ({ url: `/p/${title}`, title, image: '' });
const run = (actions: SearchBoxAction[], from = initialSearchBoxState()): SearchBoxState =>
  actions.reduce(searchBoxReducer, from);
const typed = (query: string) => run([{ type: 'focus' }, { type: 'input', query }]);
const withResults = (
  query = 'wheel',
  categories = [hit('Wheels')],
  products = [hit('A')],
  machines: SearchHit[] = [],
) =>
  searchBoxReducer(typed(query), {
    type: 'results',
    term: searchTerm(query),
    scope: '',
    machines,
    categories,
    products,
  });

describe('constants and helpers', () => {
  it('debounces 400 ms on the results page and 600 ms elsewhere', () => {
    expect(debounceFor('/search.php')).toBe(RESULTS_PAGE_DEBOUNCE_MS);
    expect(debounceFor('/search/')).toBe(RESULTS_PAGE_DEBOUNCE_MS);
    expect(RESULTS_PAGE_DEBOUNCE_MS).toBe(400);
    expect(debounceFor('/')).toBe(DEBOUNCE_MS);
    expect(debounceFor('/collections/wheels')).toBe(600);
  });

  it('searches from 3 characters, spaces not counted', () => {
    expect(MIN_QUERY_LENGTH).toBe(3);
    expect(canSearch('ab')).toBe(false);
    expect(canSearch('  ab  ')).toBe(false);
    expect(canSearch('abc')).toBe(true);
  });

  it('asks the index for the words without the price phrases', () => {
    expect(searchTerm('wheel under $50')).toBe('wheel');
    expect(searchTerm('over $5 seal kit below 20 USD')).toBe('seal kit');
    expect(searchTerm('85-288')).toBe('85-288');
  });
});

describe('searchUrl', () => {
  it('goes to /search.php with q and c', () => {
    expect(searchUrl({ q: ' load wheel ', c: '12' })).toBe('/search.php?q=load+wheel&c=12');
    expect(searchUrl({ q: 'wheel', c: '' })).toBe('/search.php?q=wheel');
  });

  it('refuses an empty or blank q', () => {
    expect(searchUrl({ q: '', c: '12' })).toBeNull();
    expect(searchUrl({ q: '   ', c: '' })).toBeNull();
  });

  it('carries price bounds, and with allowEmptyQ they are enough', () => {
    expect(searchUrl({ q: 'wheel', c: '', minPrice: 0, maxPrice: 50 })).toBe(
      '/search.php?q=wheel&minPrice=0&maxPrice=50',
    );
    expect(searchUrl({ q: '', c: '', maxPrice: 50 })).toBeNull();
    expect(searchUrl({ q: '', c: '', maxPrice: 50 }, true)).toBe('/search.php?maxPrice=50');
    expect(searchUrl({ q: '', c: '' }, true)).toBeNull();
  });

  it('escapes what the shopper typed', () => {
    expect(searchUrl({ q: 'a&b=c #1', c: '' })).toBe('/search.php?q=a%26b%3Dc+%231');
  });
});

describe('targetFromUrl', () => {
  it('reads q, c and the price bounds', () => {
    expect(targetFromUrl('?q=wheel&c=3&minPrice=5&maxPrice=50.5')).toEqual({
      q: 'wheel',
      c: '3',
      minPrice: 5,
      maxPrice: 50.5,
    });
  });

  it('drops bounds that are not prices', () => {
    expect(targetFromUrl('?minPrice=abc&maxPrice=-4')).toEqual({
      q: '',
      c: '',
      minPrice: null,
      maxPrice: null,
    });
    expect(targetFromUrl('?minPrice=&maxPrice=Infinity')).toMatchObject({
      minPrice: null,
      maxPrice: null,
    });
  });
});

describe('searchBoxReducer: opening and closing', () => {
  it('opens on focus', () => {
    expect(run([{ type: 'focus' }]).open).toBe(true);
  });

  it('closes when the query becomes empty, and opens again when typing', () => {
    const cleared = searchBoxReducer(withResults(), { type: 'input', query: '' });
    expect(cleared.open).toBe(false);
    expect(cleared.products).toEqual([]);
    expect(searchBoxReducer(cleared, { type: 'input', query: 'w' }).open).toBe(true);
  });

  it('a blank query counts as empty', () => {
    expect(typed('   ').open).toBe(false);
  });

  it('closes on an outside click or a choice (close), keeping the results', () => {
    const closed = searchBoxReducer(withResults(), { type: 'close' });
    expect(closed.open).toBe(false);
    expect(closed.products).toHaveLength(1);
    expect(dropdownView(closed).visible).toBe(false);
    expect(searchBoxReducer(closed, { type: 'close' })).toBe(closed);
    expect(searchBoxReducer(closed, { type: 'focus' }).open).toBe(true);
  });

  it('starts with a restored query closed, and opens on focus', () => {
    const restored = run([{ type: 'restore', query: 'wheel' }]);
    expect(restored).toMatchObject({ query: 'wheel', open: false, products: [] });
    expect(dropdownView(restored).visible).toBe(false);
    expect(searchBoxReducer(restored, { type: 'restore', query: 'wheel' })).toBe(restored);
    expect(searchBoxReducer(restored, { type: 'focus' }).open).toBe(true);
  });

  it('opens with an arrow key when closed', () => {
    const closed = searchBoxReducer(withResults(), { type: 'close' });
    expect(searchBoxReducer(closed, { type: 'move', by: 1 })).toMatchObject({
      open: true,
      active: -1,
    });
  });
});

describe('searchBoxReducer: results', () => {
  it('shows results for the current term', () => {
    const state = withResults();
    expect(state.status).toBe('loaded');
    expect(dropdownView(state)).toMatchObject({ expanded: true, empty: false, visible: true });
    expect(dropdownOptions(state).map((o) => [o.kind, o.label])).toEqual([
      ['category', 'Wheels'],
      ['product', 'A'],
    ]);
  });

  it('offers the machines the text names as a group of their own, first', () => {
    const state = withResults('pth 50 load wheel', [], [hit('Load wheel')], [hit('Crown PTH50')]);
    expect(dropdownOptions(state).map((o) => [o.kind, o.label])).toEqual([
      ['machine', 'Crown PTH50'],
      ['product', 'Load wheel'],
    ]);
    // A machine alone is something to show: the dropdown is not empty.
    expect(dropdownView(withResults('pth50', [], [], [hit('Crown PTH50')])).empty).toBe(false);
  });

  it('drops results for a term no longer in the box', () => {
    const state = typed('wheels');
    const stale: SearchBoxAction = {
      type: 'results',
      term: 'whe',
      scope: '',
      machines: [],
      categories: [],
      products: [hit('X')],
    };
    expect(searchBoxReducer(state, stale)).toBe(state);
    expect(searchBoxReducer(state, { type: 'searching', term: 'whe' })).toBe(state);
    expect(searchBoxReducer(state, { type: 'failed', term: 'whe' })).toBe(state);
  });

  it("shows 'No results found.' only after a search found nothing", () => {
    const none = withResults('zzzz', [], []);
    expect(dropdownView(none)).toMatchObject({ expanded: false, empty: true, visible: true });
    expect(dropdownView(typed('zzzz'))).toMatchObject({ empty: false, visible: false });
  });

  it('shows nothing below 3 characters, and clears older results', () => {
    const state = searchBoxReducer(withResults(), { type: 'input', query: 'wh' });
    expect(state.products).toEqual([]);
    expect(dropdownView(state).visible).toBe(false);
  });

  it('a failed search is not loaded and shows no stale results', () => {
    const state = searchBoxReducer(withResults(), { type: 'failed', term: 'wheel' });
    expect(state.status).toBe('failed');
    expect(state.products).toEqual([]);
    expect(dropdownView(state)).toMatchObject({ visible: false, empty: false });
  });

  it('keeps the last results on screen while the next search loads', () => {
    const typing = searchBoxReducer(withResults('wheel'), { type: 'input', query: 'wheels' });
    const loading = searchBoxReducer(typing, { type: 'searching', term: 'wheels' });
    expect(loading.status).toBe('loading');
    expect(dropdownView(loading).options).toHaveLength(2);
  });
});

describe('searchBoxReducer: price suggestions', () => {
  const query = 'wheel under $50';
  const phrases = parsePricePhrases(query);

  it('shows badges for the text they were read from, first in the list', () => {
    const state = searchBoxReducer(withResults(query), { type: 'suggestions', query, phrases });
    const options = dropdownOptions(state);
    expect(options[0]).toMatchObject({ kind: 'price', label: 'Under $50.00' });
    expect(options.map((o) => o.kind)).toEqual(['price', 'category', 'product']);
  });

  it('drops badges read from older text, and new typing hides the old ones', () => {
    const state = typed('wheel under $5');
    expect(searchBoxReducer(state, { type: 'suggestions', query, phrases })).toBe(state);
    const shown = searchBoxReducer(typed(query), { type: 'suggestions', query, phrases });
    expect(searchBoxReducer(shown, { type: 'input', query: `${query}0` }).suggestions).toEqual([]);
  });

  it('a badge alone opens the dropdown, without the empty message', () => {
    const query2 = 'under $50';
    const state = searchBoxReducer(typed(query2), {
      type: 'suggestions',
      query: query2,
      phrases: parsePricePhrases(query2),
    });
    expect(dropdownView(state)).toMatchObject({ expanded: true, empty: false });
  });
});

describe('searchBoxReducer: keyboard', () => {
  const state = withResults('wheel', [hit('Wheels')], [hit('A'), hit('B')]);

  it('arrows move through every option and back to the text', () => {
    const down = (s: SearchBoxState) => searchBoxReducer(s, { type: 'move', by: 1 });
    const up = (s: SearchBoxState) => searchBoxReducer(s, { type: 'move', by: -1 });
    expect(down(state).active).toBe(0);
    expect(down(down(down(state))).active).toBe(2);
    expect(down(down(down(down(state)))).active).toBe(-1);
    expect(up(state).active).toBe(2);
    expect(up(up(state)).active).toBe(1);
  });

  it('first and last jump to the ends', () => {
    expect(searchBoxReducer(state, { type: 'last' }).active).toBe(2);
    expect(searchBoxReducer(state, { type: 'first' }).active).toBe(0);
  });

  it('does nothing with no options', () => {
    const none = withResults('zzzz', [], []);
    expect(searchBoxReducer(none, { type: 'move', by: 1 })).toBe(none);
    expect(searchBoxReducer(none, { type: 'first' })).toBe(none);
  });

  it('new results, typing and closing reset the active option', () => {
    const moved = searchBoxReducer(state, { type: 'move', by: 1 });
    expect(searchBoxReducer(moved, { type: 'close' }).active).toBe(-1);
    expect(searchBoxReducer(moved, { type: 'input', query: 'wheels' }).active).toBe(-1);
  });
});

describe('hasResultsFor', () => {
  it('holds after results for that term and category, so a reopened dropdown keeps them', () => {
    const state = withResults('wheel');
    expect(hasResultsFor(state, 'wheel', '')).toBe(true);
    const reopened = run(
      [{ type: 'close' }, { type: 'move', by: 1 }, { type: 'move', by: 1 }],
      state,
    );
    expect(reopened.open).toBe(true);
    expect(reopened.active).toBe(0);
    expect(hasResultsFor(reopened, 'wheel', '')).toBe(true);
  });

  it('does not hold for another category, another term, or while loading', () => {
    const state = withResults('wheel');
    expect(hasResultsFor(state, 'wheel', '12')).toBe(false);
    expect(hasResultsFor(state, 'seal', '')).toBe(false);
    expect(
      hasResultsFor(searchBoxReducer(state, { type: 'searching', term: 'wheel' }), 'wheel', ''),
    ).toBe(false);
    expect(hasResultsFor(initialSearchBoxState(), '', '')).toBe(false);
  });
});

describe('previewPrices', () => {
  it('applies the price phrases of the query on top of the chosen bounds', () => {
    expect(previewPrices('wheel under $50')).toEqual({ minPrice: null, maxPrice: 50 });
    expect(previewPrices('wheel over $20 under $50', { maxPrice: 80 })).toEqual({
      minPrice: 20,
      maxPrice: 50,
    });
    expect(previewPrices('wheel', { minPrice: 5 })).toEqual({ minPrice: 5, maxPrice: null });
    // A phrase that does not apply (spec storefront 5) does not bound the preview either.
    expect(previewPrices('wheel over $90', { maxPrice: 50 })).toEqual({
      minPrice: null,
      maxPrice: 50,
    });
  });
});

describe('inPriceRange', () => {
  it('includes both bounds and leaves an unreadable price out of any bound', () => {
    const range = { minPrice: 10, maxPrice: 50 };
    expect([9.99, 10, 50, 50.01].map((price) => inPriceRange(price, range))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(inPriceRange(Number.NaN, range)).toBe(false);
    expect(inPriceRange(Number.NaN, { minPrice: null, maxPrice: null })).toBe(true);
  });
});
