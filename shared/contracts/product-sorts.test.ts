import { describe, expect, it } from 'vitest';
import { parseSort, SORT_OPTIONS } from './product-sorts.ts';

describe('parseSort', () => {
  it('knows every option of spec 9', () => {
    for (const { value } of SORT_OPTIONS) expect(parseSort(value)).toBe(value);
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([
      '',
      'id_asc',
      'id_desc',
      'title_asc',
      'title_desc',
      'price_asc',
      'price_desc',
      'top_rated',
      'best_selling',
    ]);
  });
  it('labels the sorts as the spec does, and the two it leaves unlabelled in title case', () => {
    expect(SORT_OPTIONS.map((o) => o.label).slice(-4)).toEqual([
      'Price lowest to highest',
      'Price highest to lowest',
      'Top Rated',
      'Best Selling',
    ]);
  });
  it('treats an unknown sort as empty', () => {
    expect(parseSort('cheapest')).toBe('');
    expect(parseSort(null)).toBe('');
    expect(parseSort(' PRICE_ASC ')).toBe('price_asc');
  });
});
