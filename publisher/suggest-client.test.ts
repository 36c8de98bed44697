import { describe, expect, it } from 'vitest';
import { suggestFiles } from './suggest-index.ts';
import { dropdownSearch, SuggestIndex } from '../src/lib/search/suggest-client.ts';
import { collection, memoryLoader, product } from '../src/lib/search/suggest.testing.ts';

const catalogue = [
  collection(1, 'Pallet Jack Parts'),
  collection(2, 'Load Wheels', ['Pallet Jack Parts'], [2, 1]),
  collection(3, 'Seal Kits', ['Pallet Jack Parts'], [3, 1]),
  product(10, 'Crown Load Wheel 85-2880', { sku: '85-2880', price: 176, within: [2, 1] }),
  product(11, 'Yale Load Wheel', { sku: 'YA-1001', vendor: 'Yale', price: 44.5, within: [2, 1] }),
  product(12, 'Crown Seal Kit for PTH50', { sku: '85288', price: 19.99, within: [3, 1] }),
  product(13, 'Crown Steer Wheel', { sku: '85288-001', price: 50, within: [1] }),
  product(14, 'Wheel Bearing', { sku: 'BR-77', price: 8 }),
];

function index(records = catalogue, sizes = {}) {
  const files = suggestFiles(records, sizes);
  const loader = memoryLoader(files);
  return { files, reads: loader.reads, index: new SuggestIndex(loader.load) };
}

const titles = (hits: { title: string }[]) => hits.map((hit) => hit.title);

describe('dropdownSearch over the suggestion index', () => {
  it('finds categories and products that hold every word, shorter titles first', async () => {
    const { index: suggest } = index();
    const found = await dropdownSearch(suggest, 'load wheel');
    expect(titles(found.categories)).toEqual(['Load Wheels']);
    expect(titles(found.products)).toEqual(['Yale Load Wheel', 'Crown Load Wheel 85-2880']);
    expect(found.products[1]).toEqual({
      url: '/products/p10',
      title: 'Crown Load Wheel 85-2880',
      image: '',
      price: '176.00',
      partNumber: '85-2880',
    });
  });

  it('puts an exact part number first, then part-number prefixes, then title words', async () => {
    const { index: suggest } = index();
    expect(titles((await dropdownSearch(suggest, '85288')).products)).toEqual([
      'Crown Seal Kit for PTH50', // 85288 exactly
      'Crown Steer Wheel', // 85288-001 starts with it
      'Crown Load Wheel 85-2880', // 852880 starts with it, and it is in the title too
    ]);
    // The written form and a fragment after the hyphen.
    expect(titles((await dropdownSearch(suggest, '85-288')).products)[0]).toBe(
      'Crown Seal Kit for PTH50',
    );
    expect(titles((await dropdownSearch(suggest, '001')).products)).toEqual(['Crown Steer Wheel']);
  });

  it('matches other English endings and brand names, and shows at most 4', async () => {
    const { index: suggest } = index();
    expect(titles((await dropdownSearch(suggest, 'wheels')).products)).toHaveLength(4);
    expect(titles((await dropdownSearch(suggest, 'yale')).products)).toEqual(['Yale Load Wheel']);
    expect(await dropdownSearch(suggest, 'zqxwvj')).toEqual({ categories: [], products: [] });
  });

  it('leaves out short words beside a longer one, as the API does', async () => {
    const { index: suggest } = index();
    expect(titles((await dropdownSearch(suggest, 'seal k')).products)).toEqual([
      'Crown Seal Kit for PTH50',
    ]);
  });

  it('keeps both groups inside the chosen category, reading its products once', async () => {
    const { index: suggest, reads } = index();
    const found = await dropdownSearch(suggest, 'wheel', '2');
    expect(titles(found.categories)).toEqual(['Load Wheels']);
    expect(titles(found.products)).toEqual(['Yale Load Wheel', 'Crown Load Wheel 85-2880']);
    await dropdownSearch(suggest, 'load', '2');
    expect(reads.filter((path) => path.startsWith('suggest/c/2.'))).toHaveLength(1);
    // A category without products previews none.
    expect((await dropdownSearch(suggest, 'wheel', '99')).products).toEqual([]);
  });

  it('previews only products inside the price range, bounds included', async () => {
    const { index: suggest } = index();
    const found = await dropdownSearch(suggest, 'wheel', '', { minPrice: null, maxPrice: 50 });
    expect(found.products.map((hit) => hit.price)).toEqual(['8.00', '44.50', '50.00']);
    const dear = await dropdownSearch(suggest, 'wheel', '', { minPrice: 100, maxPrice: null });
    expect(titles(dear.products)).toEqual(['Crown Load Wheel 85-2880']);
  });

  it('reads each file once per page', async () => {
    const { index: suggest, reads } = index();
    await dropdownSearch(suggest, 'wheel');
    const first = reads.length;
    await dropdownSearch(suggest, 'wheel');
    await dropdownSearch(suggest, 'whee');
    expect(reads).toHaveLength(first);
    expect(new Set(reads).size).toBe(reads.length);
  });

  it('reads the manifest again when a publish removed the files it named', async () => {
    const before = suggestFiles(catalogue);
    const after = suggestFiles([...catalogue, product(15, 'Toyota Wheel Hub', { sku: 'TY-9' })]);
    let files = before;
    const suggest = new SuggestIndex((path) => {
      const text = files.get(path);
      return text ? Promise.resolve(JSON.parse(text) as unknown) : Promise.reject(new Error('404'));
    });
    await suggest.manifest();
    files = after;
    expect(titles((await dropdownSearch(suggest, 'toyota')).products)).toEqual([
      'Toyota Wheel Hub',
    ]);
  });

  it('fails with the file and the reason when a file is not what it should be', async () => {
    const files = suggestFiles(catalogue);
    const manifest = JSON.parse(files.get('suggest/index.json') ?? '{}') as {
      blocks: [string, string][];
    };
    for (const [, hash] of manifest.blocks) files.set(`suggest/w/${hash}.json`, '{"words":3}');
    const suggest = new SuggestIndex(memoryLoader(files).load);
    await expect(dropdownSearch(suggest, 'wheel')).rejects.toThrow(/not a block of words/);
    files.set('suggest/index.json', '{"version":2}');
    await expect(dropdownSearch(suggest, 'wheel')).rejects.toThrow(
      'suggest/index.json: not a suggestion index of this version',
    );
  });

  it('answers a prefix too heavy to read from its precomputed tops', async () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      product(100 + i, `Pump ${String(i)}`, { sku: `QX-${String(5000 + i)}` }),
    );
    const { index: suggest, reads } = index([...catalogue, ...many], {
      blockBytes: 1024,
      limitKb: 4,
    });
    const found = await dropdownSearch(suggest, 'qx5');
    expect(titles(found.products)).toEqual(['Pump 0', 'Pump 1', 'Pump 2', 'Pump 3']);
    expect(reads.some((path) => path.startsWith('suggest/tops.'))).toBe(true);
    expect(reads.filter((path) => path.startsWith('suggest/w/')).length).toBeLessThan(5);
    // A word with a narrow range still reads its blocks.
    expect(titles((await dropdownSearch(suggest, 'qx5399')).products)).toEqual(['Pump 399']);
  });
});
