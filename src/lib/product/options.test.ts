import { describe, expect, it } from 'vitest';
import { optionLists } from './options.ts';

const chosen = (id: number, value: string) => ({
  id,
  VariantSelectedOptions: { optionValueSelected: value },
});

describe('optionLists', () => {
  it('lists each option with its values in variant order, once each', () => {
    expect(
      optionLists({
        Options: [
          { id: 2, name: 'Material', position: 1 },
          { id: 1, name: 'Size', position: 0 },
        ],
        Variants: [
          { title: 'B', variantPosition: 2, Options: [chosen(1, '8 in'), chosen(2, 'Poly')] },
          { title: 'A', variantPosition: 1, Options: [chosen(1, '6 in'), chosen(2, 'Poly')] },
          { title: 'C', variantPosition: 3, Options: [chosen(1, '8 in'), chosen(2, 'Rubber')] },
        ],
      }),
    ).toEqual([
      { id: 1, name: 'Size', values: ['6 in', '8 in'] },
      { id: 2, name: 'Material', values: ['Poly', 'Rubber'] },
    ]);
  });

  it('has none for a single default variant, and drops options without values', () => {
    expect(
      optionLists({
        Options: [{ id: 1, name: 'Title', position: 0 }],
        Variants: [{ title: 'Default Title', variantPosition: 1, Options: [chosen(1, 'Default')] }],
      }),
    ).toEqual([]);
    expect(
      optionLists({
        Options: [{ id: 1, name: 'Size', position: 0 }],
        Variants: [{ title: 'Only', variantPosition: 1, Options: [] }],
      }),
    ).toEqual([]);
  });
});
