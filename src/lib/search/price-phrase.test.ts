import { describe, expect, it } from 'vitest';
import {
  applyPriceSuggestion,
  parsePricePhrases,
  priceSuggestionLabel,
  priceSuggestions,
  removePhrase,
  suggestionApplies,
} from './price-phrase.ts';

const one = (query: string) => {
  const phrases = parsePricePhrases(query);
  expect(phrases).toHaveLength(1);
  return phrases[0]!;
};

describe('parsePricePhrases: comparators', () => {
  // Each comparator after the word 'wheel': the phrase is the comparator and its amount.
  it.each(['> $20', 'over $20', 'above $20', 'more expensive than $20', 'greater than $20'])(
    'greater side: wheel %s gives a minimum',
    (text) => {
      expect(one(`wheel ${text}`)).toMatchObject({ side: 'min', amount: 20, text });
    },
  );

  it.each([
    '< $50',
    'under $50',
    'below $50',
    'cheaper than $50',
    'cheaper $50',
    'smaller than $50',
  ])('lesser side: wheel %s gives a maximum', (text) => {
    expect(one(`wheel ${text}`)).toMatchObject({ side: 'max', amount: 50, text });
  });

  it('prefers the longer comparator ("cheaper than" over "cheaper")', () => {
    expect(one('seal cheaper than $9').text).toBe('cheaper than $9');
  });

  it('ignores case and extra spaces inside comparators', () => {
    expect(one('Wheel UNDER $50')).toMatchObject({ side: 'max', amount: 50 });
    expect(one('wheel More  Expensive   Than $5')).toMatchObject({ side: 'min', amount: 5 });
  });

  it('matches comparator words only as whole words', () => {
    expect(parsePricePhrases('hover $20')).toEqual([]);
    expect(parsePricePhrases('thunder $20')).toEqual([]);
    expect(parsePricePhrases('undercarriage $20')).toEqual([]);
  });

  it('works with or without a space after the comparator', () => {
    expect(one('wheel <$50')).toMatchObject({ side: 'max', amount: 50, text: '<$50' });
    expect(one('wheel >20 USD')).toMatchObject({ side: 'min', amount: 20, text: '>20 USD' });
  });

  it('finds a phrase at the start of the query', () => {
    expect(one('under $50 wheel')).toMatchObject({ start: 0, end: 9 });
  });
});

describe('parsePricePhrases: amounts and currency', () => {
  it.each([
    ['under $50', 50],
    ['under $ 50', 50],
    ['under 50$', 50],
    ['under 50 $', 50],
    ['under USD50', 50],
    ['under USD 50', 50],
    ['under usd 50', 50],
    ['under 50USD', 50],
    ['under 50 USD', 50],
    ['under 50 usd', 50],
  ])('currency before or after: %s', (query, amount) => {
    expect(one(query)).toMatchObject({ side: 'max', amount, text: query });
  });

  it.each([
    ['under $49.99', 49.99],
    ['under $.99', 0.99],
    ['under 0.5 USD', 0.5],
    ['over $1,250', 1250],
    ['over $1,250.75', 1250.75],
    ['over $12,345,678.9', 12345678.9],
    ['over 1,000 USD', 1000],
    ['over $0', 0],
  ])('decimals and thousands separators: %s', (query, amount) => {
    expect(one(query).amount).toBe(amount);
  });

  it('needs a currency: a bare number is not a price', () => {
    expect(parsePricePhrases('fits over 2 inch axles')).toEqual([]);
    expect(parsePricePhrases('wheel under 50')).toEqual([]);
  });

  it('needs an amount', () => {
    expect(parsePricePhrases('wheel under $')).toEqual([]);
    expect(parsePricePhrases('wheel under USD')).toEqual([]);
    expect(parsePricePhrases('over $.')).toEqual([]);
  });

  it('does not cut a malformed number short', () => {
    expect(parsePricePhrases('under $5,00')).toEqual([]);
    expect(parsePricePhrases('under $1,2345')).toEqual([]);
  });

  it('does not take USD out of a longer word', () => {
    expect(parsePricePhrases('under 50 usda')).toEqual([]);
  });

  it('finds every phrase, in order, with positions', () => {
    const query = 'wheel over $20 and under 50 USD';
    const phrases = parsePricePhrases(query);
    expect(phrases.map((p) => [p.side, p.amount])).toEqual([
      ['min', 20],
      ['max', 50],
    ]);
    for (const phrase of phrases) expect(query.slice(phrase.start, phrase.end)).toBe(phrase.text);
  });

  it('finds nothing in an ordinary query', () => {
    expect(parsePricePhrases('')).toEqual([]);
    expect(parsePricePhrases('85-288 load wheel')).toEqual([]);
    expect(parsePricePhrases('$50 wheel')).toEqual([]);
  });
});

describe('min and max rules', () => {
  const min = { side: 'min', amount: 20 } as const;
  const max = { side: 'max', amount: 50 } as const;

  it('a minimum applies with no maxPrice or a larger one', () => {
    expect(suggestionApplies(min, {})).toBe(true);
    expect(suggestionApplies(min, { maxPrice: null })).toBe(true);
    expect(suggestionApplies(min, { maxPrice: 21 })).toBe(true);
    expect(suggestionApplies(min, { maxPrice: 20 })).toBe(false);
    expect(suggestionApplies(min, { maxPrice: 10 })).toBe(false);
  });

  it('a maximum applies with no minPrice or when it exceeds the minimum', () => {
    expect(suggestionApplies(max, {})).toBe(true);
    expect(suggestionApplies(max, { minPrice: 49.99 })).toBe(true);
    expect(suggestionApplies(max, { minPrice: 50 })).toBe(false);
    expect(suggestionApplies(max, { minPrice: 60 })).toBe(false);
  });

  it('a bound of 0 is a bound, not a missing one', () => {
    expect(suggestionApplies({ side: 'max', amount: 0 }, { minPrice: 0 })).toBe(false);
    expect(suggestionApplies({ side: 'min', amount: 5 }, { maxPrice: 0 })).toBe(false);
  });

  it('priceSuggestions drops the phrases that conflict with the current bounds', () => {
    const query = 'wheel over $20 under $50';
    expect(priceSuggestions(query).map((p) => p.side)).toEqual(['min', 'max']);
    expect(priceSuggestions(query, { maxPrice: 15 }).map((p) => p.side)).toEqual(['max']);
    expect(priceSuggestions(query, { minPrice: 60 }).map((p) => p.side)).toEqual(['min']);
  });

  it('conflicting phrases: accepting one hides the other it contradicts', () => {
    const query = 'wheel over $80 under $50';
    const [over] = parsePricePhrases(query);
    const accepted = applyPriceSuggestion(query, over!);
    expect(accepted).toEqual({ q: 'wheel under $50', minPrice: 80, maxPrice: null });
    expect(priceSuggestions(accepted.q, accepted)).toEqual([]);
  });
});

describe('applyPriceSuggestion', () => {
  it('removes the phrase and sets maxPrice ("wheel under $50")', () => {
    const query = 'wheel under $50';
    expect(applyPriceSuggestion(query, one(query))).toEqual({
      q: 'wheel',
      minPrice: null,
      maxPrice: 50,
    });
  });

  it('keeps the other bound and closes up the spaces', () => {
    const query = 'heavy  over 1,000 USD  pallet jack';
    expect(applyPriceSuggestion(query, one(query), { maxPrice: 5000 })).toEqual({
      q: 'heavy pallet jack',
      minPrice: 1000,
      maxPrice: 5000,
    });
  });

  it('replaces the bound of the same side', () => {
    const query = 'seal < $9.50';
    expect(applyPriceSuggestion(query, one(query), { minPrice: 1, maxPrice: 100 })).toEqual({
      q: 'seal',
      minPrice: 1,
      maxPrice: 9.5,
    });
  });

  it('can leave an empty query', () => {
    expect(removePhrase('under $5', { start: 0, end: 8 })).toBe('');
  });
});

describe('priceSuggestionLabel', () => {
  it('names the side and the amount in dollars', () => {
    expect(priceSuggestionLabel({ side: 'max', amount: 50 })).toBe('Under $50.00');
    expect(priceSuggestionLabel({ side: 'min', amount: 1250.5 })).toBe('Over $1,250.50');
  });
});
