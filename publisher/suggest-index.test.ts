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
import { createRandom } from '../server/seed/random.ts';
import { diffRecords } from './search-index.ts';
import {
  changedDocs,
  suggestFiles,
  SuggestIndex,
  writeSuggestIndex,
  type KeptSuggestIndex,
} from './suggest-index.ts';

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
      const kept: KeptSuggestIndex = {};
      await writeSuggestIndex(liveDir, live, undefined, undefined, kept);
      const next = temp();
      cpSync(liveDir, next, { recursive: true });
      const changes = diffRecords(records, live);
      const written = await writeSuggestIndex(next, records, live, changes);
      const unhinted = temp();
      cpSync(liveDir, unhinted, { recursive: true });
      const alike = await writeSuggestIndex(unhinted, records, live);
      // With the live index held in memory (a search thread's), brought up to the records.
      const held = temp();
      cpSync(liveDir, held, { recursive: true });
      const index = kept.index;
      const updated = await writeSuggestIndex(held, records, live, changes, kept);
      expect(kept.index).toBe(index);
      const clean = temp();
      await writeSuggestIndex(clean, records);
      expect(tree(unhinted)).toEqual(tree(next));
      expect(tree(held)).toEqual(tree(clean));
      const relativeTo = (dir: string, files: string[]) =>
        files.map((file) => file.slice(dir.length + 1));
      expect(relativeTo(unhinted, alike)).toEqual(relativeTo(next, written));
      return {
        written: relativeTo(next, written),
        updated: relativeTo(held, updated).sort(),
        next,
        clean,
      };
    }

    it('compares the records once by URL: those that differ, came and went', () => {
      const cheaper = product(9, 'Yale Seal Kit', {
        sku: 'YA-77',
        vendor: 'Yale',
        price: 110,
        within: [2],
      });
      const changes = diffRecords(replace(9, cheaper), live);
      expect([...(changes?.changed.keys() ?? [])]).toEqual([cheaper]);
      expect(changes?.changed.get(cheaper)?.meta).toEqual(live[3]?.meta);
      expect(changes?.added).toEqual([]);
      expect(changes?.removed).toEqual([]);
      expect(diffRecords([...live], live)?.changed.size).toBe(0);
      const added = product(71, 'Crown Seal', { sku: 'CR-9', price: 12 });
      const gone = diffRecords([...live.slice(1, 4), added, ...live.slice(5)], live);
      expect(gone?.removed).toEqual([live[0], live[4]]);
      expect(gone?.added).toEqual([added]);
      expect(gone?.changed.size).toBe(0);
      // Records that stay in another order, or a URL twice: not told apart record by record.
      expect(diffRecords([...live.slice(0, 4), ...live.slice(4).reverse()], live)).toBe(undefined);
      expect(diffRecords([...live, live[5] ?? added], live)).toBeUndefined();
    });

    it('writes only the documents chunk of a price that stays in its bucket', async () => {
      const cheaper = replace(
        9,
        product(9, 'Yale Seal Kit', { sku: 'YA-77', vendor: 'Yale', price: 110, within: [2] }),
      );
      // Worked out from the records alone, without the index made again.
      expect([...(changedDocs(cheaper, live)?.keys() ?? [])]).toEqual(['suggest/d/0.json']);
      expect(changedDocs(cheaper, live, diffRecords(cheaper, live))).toEqual(
        changedDocs(cheaper, live),
      );
      const { written, updated, next, clean } = await warm(cheaper);
      expect(written).toEqual(['suggest/d/0.json']);
      expect(updated).toEqual(['suggest/d/0.json']);
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
      expect(changedDocs(records, live, diffRecords(records, live))).toBeUndefined();
      const { next, clean, updated } = await warm(records);
      expect(tree(next)).toEqual(tree(clean));
      // The index held in memory writes only what differs from the live one.
      const liveFiles = suggestFiles(live);
      const cleanFiles = suggestFiles(records);
      expect(updated).toEqual(
        [...cleanFiles]
          .filter(([path, text]) => liveFiles.get(path) !== text)
          .map(([path]) => path)
          .sort(),
      );
    });
  });
});

describe('SuggestIndex', () => {
  // Small blocks and a low limit, so that changes move block cuts and heavy prefixes.
  const sizes = { blockBytes: 96, limitKb: 2 };
  const words = ['load', 'wheel', 'seal', 'kit', 'drive', 'brake', 'shoe', 'pump', 'valve', 'hub'];
  const brands = ['Crown', 'Yale', 'Raymond', 'Hyster'];

  /** Seeded, so that a failure can be run again. */
  function catalogue(seed: number) {
    const { next, pick } = createRandom(seed);
    const make = (id: number) =>
      product(id, `${pick(brands)} ${pick(words)} ${pick(words)}`, {
        sku: `${pick(['85', 'YA', 'RA'])}-${String(Math.floor(next() * 900) + 100)}`,
        vendor: pick(brands),
        price: pick([5, 40, 120, 260, 900]),
        within: next() < 0.7 ? [1 + Math.floor(next() * 3)] : [],
      });
    return { next, pick, make };
  }

  it.each([1, 2, 3, 4])(
    'stays the index a clean build makes, change after change (seed %i)',
    (seed) => {
      const { next, pick, make } = catalogue(seed);
      let records = [
        collection(1, 'Load Wheels'),
        collection(2, 'Seal Kits'),
        collection(3, 'Drive Parts'),
        ...Array.from({ length: 40 }, (_, i) => make(i * 3 + 1)),
      ];
      const index = SuggestIndex.of(records, sizes);
      let nextId = 200;
      for (let step = 0; step < 30; step++) {
        const products = records.filter(
          (record) => record.id !== undefined && record.url.startsWith('/products'),
        );
        const change = pick(['add', 'remove', 'replace', 'replace', 'rename']);
        let now = records;
        if (change === 'add') now = [...records, make(nextId++)];
        if (change === 'remove') now = records.filter((record) => record !== pick(products));
        if (change === 'replace') {
          // Same product, same URL: another price, title, brand or collection.
          const old = pick(products);
          const fresh = make(old.id ?? 0);
          now = records.map((record) => (record === old ? fresh : record));
        }
        if (change === 'rename') {
          const old = records[Math.floor(next() * 3)];
          now = records.map((record) =>
            record === old
              ? collection(old.id ?? 0, `${pick(words)} parts ${String(step)}`)
              : record,
          );
        }
        const before = new Map(index.files);
        const changes = diffRecords(now, records);
        expect(changes).toBeDefined();
        const update = changes && index.update(now, changes);
        expect(update).toBeDefined();
        const clean = suggestFiles(now, sizes);
        expect(index.files).toEqual(clean);
        // It says which files differ from the index it was, and which are gone.
        expect(update?.written.sort()).toEqual(
          [...clean]
            .filter(([path, text]) => before.get(path) !== text)
            .map(([path]) => path)
            .sort(),
        );
        expect(update?.gone.sort()).toEqual(
          [...before.keys()].filter((path) => !clean.has(path)).sort(),
        );
        records = now;
      }
      const manifest = manifestOf(index.files);
      // The sizes made the cases: many blocks, heavy prefixes with tops.
      expect(manifest.blocks.length).toBeGreaterThan(10);
      const tops = index.files.get(`suggest/tops.${manifest.tops}.json`) ?? '{}';
      expect(Object.keys(JSON.parse(tops) as Record<string, number[]>)).not.toEqual([]);
    },
  );

  it('refuses changes that do not follow its records, and stays as it was', () => {
    const index = SuggestIndex.of(records, sizes);
    const files = new Map(index.files);
    const stranger = product(40, 'Crown Pump', { sku: 'CR-40' });
    expect(index.update(records, { changed: new Map(), added: [], removed: [stranger] })).toBe(
      undefined,
    );
    // An id it holds, added again.
    const twin = product(3, 'Crown Load Wheel', { sku: '85-289' });
    expect(index.update(records, { changed: new Map(), added: [twin], removed: [] })).toBe(
      undefined,
    );
    expect(index.files).toEqual(files);
  });
});
