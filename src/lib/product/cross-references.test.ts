import { describe, expect, it } from 'vitest';
import { crossReferenceLines } from './cross-references.ts';

describe('crossReferenceLines', () => {
  it('lists the numbers by relation, in a fixed order, each with its maker', () => {
    expect(
      crossReferenceLines([
        { brand: 'Crown', number: '85288-001', relation: 'superseded-by' },
        { brand: 'Crown', number: '12345', relation: 'replaces' },
        { brand: 'Yale', number: '580 001', relation: 'interchangeable' },
        { brand: 'Raymond', number: '1-2345', relation: 'replaces' },
      ]),
    ).toEqual([
      { label: 'Replaces', numbers: [{ text: 'Crown 12345' }, { text: 'Raymond 1-2345' }] },
      { label: 'Interchangeable with', numbers: [{ text: 'Yale 580 001' }] },
      {
        label: 'Superseded by',
        numbers: [{ text: 'Crown 85288-001', href: '/search.php?q=85288-001' }],
      },
    ]);
  });

  it('has no line for a product without other numbers, and escapes nothing itself', () => {
    expect(crossReferenceLines([])).toEqual([]);
    const hostile = { brand: '<img src=x>', number: '"&7', relation: 'superseded-by' } as const;
    expect(crossReferenceLines([hostile])[0]?.numbers[0]).toEqual({
      text: '<img src=x> "&7',
      href: '/search.php?q=%22%267',
    });
  });
});
