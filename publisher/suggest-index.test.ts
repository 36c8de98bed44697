import {
  cpSync,
  linkSync,
  readdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  blockRange,
  decodePostings,
  type BlockFile,
  type SuggestManifest,
} from '../src/lib/search/suggest-format.ts';
import { collection, product } from '../src/lib/search/suggest.testing.ts';
import { changedRecords } from './search-index.ts';
import { changedDocs, suggestFiles, writeSuggestIndex } from './suggest-index.ts';

const records = [
  collection(1, 'Load Wheels'),
  product(3, 'Crown Load Wheel', { sku: '85-288', within: [1] }),
  product(9, 'Yale Seal Kit', { sku: 'YA-77', vendor: 'Yale', price: 120 }),
];

const manifestOf = (files: Map<string, string>) =>
  JSON.parse(files.get('suggest/index.json') ?? '{}') as SuggestManifest;

function allWords(files: Map<string, string>) {
  const words = new Map<string, [number, number][]>();
  for (const [, hash] of manifestOf(files).blocks) {
    const block = JSON.parse(files.get(`suggest/w/${hash}.json`) ?? '{}') as BlockFile;
    block.words.forEach((word, i) => words.set(word, [...decodePostings(block.postings[i] ?? [])]));
  }
  return words;
}

describe('suggestFiles', () => {
  it("indexes a product's title, part numbers (whole and in parts) and brand", () => {
    const words = allWords(suggestFiles(records));
    for (const word of ['crown', 'load', 'wheel', '85288', '85', '288', 'ipd000003', 'yale'])
      expect(words.has(word), word).toBe(true);
    // Categories are the dropdown's own group, not product words.
    expect(words.get('wheels')).toBeUndefined();
    expect(words.get('yale')?.map(([id]) => id)).toEqual([9]);
  });

  it('cuts words into blocks in order, each named by a hash of its bytes', () => {
    const files = suggestFiles(records, { blockBytes: 64 });
    const { blocks } = manifestOf(files);
    expect(blocks.length).toBeGreaterThan(3);
    const firsts = blocks.map(([first]) => first);
    expect(firsts).toEqual([...firsts].sort());
    expect(blockRange(blocks, 'yale')).toEqual(blockRange(blocks, 'yal'));
    // The same records give the same files.
    expect(suggestFiles(records, { blockBytes: 64 })).toEqual(files);
  });

  it("lists each product once in its chunk, and each collection's products", () => {
    const files = suggestFiles(records);
    expect(JSON.parse(files.get('suggest/d/0.json') ?? '[]')).toEqual([
      [3, '/products/p3', 'Crown Load Wheel', '', '10.00', '85-288'],
      [9, '/products/p9', 'Yale Seal Kit', '', '120.00', 'YA-77'],
    ]);
    const { sets } = manifestOf(files);
    expect(Object.keys(sets)).toEqual(['1']);
    expect(JSON.parse(files.get(`suggest/c/1.${sets['1'] ?? ''}.json`) ?? '')).toEqual([3]);
  });
});

describe('writeSuggestIndex', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const temp = () => {
    const dir = mkdtempSync(join(tmpdir(), 'suggest-'));
    dirs.push(dir);
    return dir;
  };

  it('keeps unchanged files as they are, replaces changed ones and removes the rest', async () => {
    const live = temp();
    await writeSuggestIndex(live, records);
    // A warm release starts as hard links of the live one, compressed copies included.
    const next = temp();
    cpSync(live, next, { recursive: true });
    const liveDoc = join(live, 'suggest/d/0.json');
    writeFileSync(`${liveDoc}.gz`, 'old');
    rmSync(join(next, 'suggest/d/0.json'));
    linkSync(liveDoc, join(next, 'suggest/d/0.json'));
    linkSync(`${liveDoc}.gz`, join(next, 'suggest/d/0.json.gz'));
    const before = suggestFiles(records);
    const changed = records.slice(0, 2);
    const after = suggestFiles(changed);
    const written = await writeSuggestIndex(next, changed);
    const paths = written.map((file) => file.slice(next.length + 1));
    // The chunk lost a product; the manifest names other blocks; Yale's words are gone.
    expect(paths).toContain('suggest/d/0.json');
    expect(paths).toContain('suggest/index.json');
    expect(readFileSync(liveDoc, 'utf8')).toContain('Yale');
    expect(readFileSync(join(next, 'suggest/d/0.json'), 'utf8')).not.toContain('Yale');
    expect(() => statSync(join(next, 'suggest/d/0.json.gz'))).toThrow();
    expect(readFileSync(`${liveDoc}.gz`, 'utf8')).toBe('old');
    // Files of the old index only are gone from the new release, and kept in the live one.
    const gone = [...before.keys()].filter((path) => !after.has(path));
    expect(gone.length).toBeGreaterThan(0);
    for (const path of gone) {
      expect(() => statSync(join(next, path))).toThrow();
      expect(statSync(join(live, path)).isFile()).toBe(true);
    }
    // Unchanged files stay the live release's (the same inode), and nothing is written twice.
    const kept = [...after.keys()].filter((path) => before.get(path) === after.get(path));
    expect(kept.length).toBeGreaterThan(0);
    for (const path of kept) expect(paths).not.toContain(path);
    expect(await writeSuggestIndex(next, changed)).toEqual([]);
  });

  describe("after a warm publish's changes, given the records the live index was made from", () => {
    const live = [
      collection(1, 'Load Wheels'),
      collection(2, 'Seal Kits'),
      product(3, 'Crown Load Wheel', { sku: '85-288', within: [1], price: 40 }),
      product(9, 'Yale Seal Kit', { sku: 'YA-77', vendor: 'Yale', price: 120, within: [2] }),
      product(70, 'Raymond Drive Wheel', { sku: 'RA-1', vendor: 'Raymond', price: 300 }),
      product(200, 'Hyster Brake Shoe', { sku: 'HY-5', vendor: 'Hyster', price: 55 }),
    ];
    const replace = (id: number, record: (typeof live)[number]) =>
      live.map((one) => (one.filters.type?.includes('product') && one.id === id ? record : one));
    /** Every file under `dir` with its text. */
    const tree = (dir: string) =>
      new Map(
        readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => {
            const path = join(entry.parentPath, entry.name);
            return [path.slice(dir.length), readFileSync(path, 'utf8')] as const;
          }),
      );
    /**
     * The live index copied as a warm release is, then written with `records`: with the
     * records compared by the caller (the search index's way) and without.
     */
    async function warm(records: typeof live) {
      const liveDir = temp();
      await writeSuggestIndex(liveDir, live);
      const next = temp();
      cpSync(liveDir, next, { recursive: true });
      const written = await writeSuggestIndex(next, records, live, changedRecords(records, live));
      const unhinted = temp();
      cpSync(liveDir, unhinted, { recursive: true });
      const alike = await writeSuggestIndex(unhinted, records, live);
      const clean = temp();
      await writeSuggestIndex(clean, records);
      expect(tree(unhinted)).toEqual(tree(next));
      expect(alike.map((file) => file.slice(unhinted.length + 1))).toEqual(
        written.map((file) => file.slice(next.length + 1)),
      );
      return { written: written.map((file) => file.slice(next.length + 1)), next, clean };
    }

    it('compares the records once: those that differ, or undefined when records came or went', () => {
      const cheaper = product(9, 'Yale Seal Kit', {
        sku: 'YA-77',
        vendor: 'Yale',
        price: 110,
        within: [2],
      });
      const changed = changedRecords(replace(9, cheaper), live);
      expect([...(changed?.keys() ?? [])]).toEqual([cheaper]);
      expect(changed?.get(cheaper)?.meta).toEqual(live[3]?.meta);
      expect(changedRecords([...live], live)?.size).toBe(0);
      expect(changedRecords(live.slice(1), live)).toBeUndefined();
      expect(changedRecords([...live.slice(0, 4), ...live.slice(4).reverse()], live)).toBe(
        undefined,
      );
    });

    it('writes only the documents chunk of a price that stays in its bucket', async () => {
      const cheaper = replace(
        9,
        product(9, 'Yale Seal Kit', { sku: 'YA-77', vendor: 'Yale', price: 110, within: [2] }),
      );
      // Worked out from the records alone, without the index made again.
      expect([...(changedDocs(cheaper, live)?.keys() ?? [])]).toEqual(['suggest/d/0.json']);
      expect(changedDocs(cheaper, live, changedRecords(cheaper, live))).toEqual(
        changedDocs(cheaper, live),
      );
      const { written, next, clean } = await warm(cheaper);
      expect(written).toEqual(['suggest/d/0.json']);
      expect(readFileSync(join(next, 'suggest/d/0.json'), 'utf8')).toContain('110');
      // The same index as one made afresh from the new records.
      expect(tree(next)).toEqual(tree(clean));
    });

    it.each([
      [
        'a price in another bucket',
        replace(
          9,
          product(9, 'Yale Seal Kit', { sku: 'YA-77', vendor: 'Yale', price: 260, within: [2] }),
        ),
      ],
      [
        'a new title',
        replace(
          70,
          product(70, 'Raymond Steer Wheel', { sku: 'RA-1', vendor: 'Raymond', price: 300 }),
        ),
      ],
      [
        'a new part number',
        replace(
          200,
          product(200, 'Hyster Brake Shoe', { sku: 'HY-6', vendor: 'Hyster', price: 55 }),
        ),
      ],
      [
        'another collection',
        replace(3, product(3, 'Crown Load Wheel', { sku: '85-288', within: [2], price: 40 })),
      ],
      ['a product added', [...live, product(71, 'Crown Seal', { sku: 'CR-9', price: 12 })]],
      ['a product removed', live.filter((record) => record.id !== 70)],
      ['a collection renamed', [collection(1, 'Load and Drive Wheels'), ...live.slice(1)]],
    ])('makes the whole index again for %s, as a clean one', async (_, records) => {
      expect(changedDocs(records, live)).toBeUndefined();
      expect(changedDocs(records, live, changedRecords(records, live))).toBeUndefined();
      const { next, clean } = await warm(records);
      expect(tree(next)).toEqual(tree(clean));
    });
  });
});
