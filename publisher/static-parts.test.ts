import { describe, expect, it } from 'vitest';
import { suggestFiles } from './suggest-index.ts';
import { SuggestIndex } from '../src/lib/search/suggest-client.ts';
import { createStaticParts, MAX_STATIC_LOOKUPS } from '../src/lib/quick-order/static-parts.ts';
import { memoryLoader, product } from '../src/lib/search/suggest.testing.ts';

// The quick order's reads of the published suggestion index (issue 32, items 1 and 3): the
// typed row's suggestions, and the rows' parts while the store's API is down.

const catalogue = [
  product(10, 'Crown Load Wheel', { sku: '85288-001', price: 176 }),
  product(11, 'Crown Load Wheel Kit', { sku: '85288-002', price: 250 }),
  product(12, 'Yale Seal Kit', { sku: 'YA-1001', vendor: 'Yale' }),
  product(13, 'Twin Bushing A', { sku: 'TWIN-7' }),
  product(14, 'Twin Bushing B', { sku: 'TWIN-7' }),
];

function parts(records = catalogue) {
  const loader = memoryLoader(suggestFiles(records));
  return { reads: loader.reads, parts: createStaticParts(new SuggestIndex(loader.load)) };
}

describe('the static part lookups', () => {
  it('suggests parts whose numbers start as typed, an exact number first', async () => {
    const found = await parts().parts.suggest('85288-00');
    expect(found.map((part) => part.partNumber).sort()).toEqual(['85288-001', '85288-002']);
    expect((await parts().parts.suggest('85288-002'))[0]).toEqual({
      partNumber: '85288-002',
      title: 'Crown Load Wheel Kit',
      url: '/products/p11',
    });
  });

  it('finds each number as a part’s own in any spelling, and leaves out the rest', async () => {
    const found = await parts().parts.find([
      '85288 001',
      'ya1001',
      'NO-SUCH-9',
      // Two parts share it: the shopper chooses when the store answers.
      'TWIN-7',
    ]);
    expect([...found.entries()]).toEqual([
      ['85288001', { partNumber: '85288-001', title: 'Crown Load Wheel', url: '/products/p10' }],
      ['ya1001', { partNumber: 'YA-1001', title: 'Yale Seal Kit', url: '/products/p12' }],
    ]);
  });

  it(`looks up at most ${String(MAX_STATIC_LOOKUPS)} numbers for one list`, async () => {
    const many = Array.from({ length: MAX_STATIC_LOOKUPS + 20 }, (_, n) =>
      product(100 + n, `Part ${String(n)}`, { sku: `PN-${String(n).padStart(4, '0')}` }),
    );
    const { parts: lookups } = parts(many);
    const found = await lookups.find(many.map((_, n) => `PN-${String(n).padStart(4, '0')}`));
    expect(found.size).toBe(MAX_STATIC_LOOKUPS);
  });
});
