import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { oneVariantProduct } from '../testing/catalogue.ts';
import { parseSeedArgs, readCatalogueFile, runSeedCli, USAGE, UsageError } from './cli.ts';

describe('parseSeedArgs', () => {
  it('reads --products and --seed in both spellings, with defaults', () => {
    expect(parseSeedArgs([], 2000)).toEqual({ kind: 'demo', products: 2000, seed: 1 });
    expect(parseSeedArgs(['--products', '500'], 2000)).toEqual({
      kind: 'demo',
      products: 500,
      seed: 1,
    });
    expect(parseSeedArgs(['--products=100000', '--seed=7'], 2000)).toEqual({
      kind: 'demo',
      products: 100000,
      seed: 7,
    });
    expect(parseSeedArgs(['--seed', '0'], 10)).toEqual({ kind: 'demo', products: 10, seed: 0 });
  });

  it('reads --import and --help', () => {
    expect(parseSeedArgs(['--import', 'cat.json'], 1)).toEqual({
      kind: 'import',
      file: 'cat.json',
    });
    expect(parseSeedArgs(['--import=dir/cat.json'], 1)).toEqual({
      kind: 'import',
      file: 'dir/cat.json',
    });
    expect(parseSeedArgs(['--help'], 1)).toEqual({ kind: 'help' });
  });

  it.each([
    [['--products', 'abc'], '--products needs a whole number from 1 to 1000000, got "abc"'],
    [['--products', '-5'], '--products needs a whole number from 1 to 1000000, got "-5"'],
    [['--products', '1.5'], '--products needs a whole number from 1 to 1000000, got "1.5"'],
    [['--products', '0'], '--products needs a whole number from 1 to 1000000, got "0"'],
    [['--products', '2000001'], '--products needs a whole number from 1 to 1000000, got "2000001"'],
    [['--products'], '--products needs a whole number from 1 to 1000000, got ""'],
    [['--products', '1e3'], '--products needs a whole number from 1 to 1000000, got "1e3"'],
    [['--seed', 'x'], '--seed needs a whole number from 0 to 4294967295, got "x"'],
    [
      ['--seed', '99999999999'],
      '--seed needs a whole number from 0 to 4294967295, got "99999999999"',
    ],
    [['--import'], '--import needs a file name'],
    [
      ['--import', 'a.json', '--products', '5'],
      '--import cannot be combined with --products or --seed',
    ],
    [['--products', '5', '--products', '6'], '--products is given twice'],
    [['--colour', 'red'], 'unknown option --colour'],
    [['products'], 'unexpected argument "products"'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSeedArgs(argv, 2000)).toThrow(new UsageError(message));
  });
});

describe('runSeedCli', () => {
  let dir: string;
  let out: string[];
  let err: string[];
  const io = () => ({
    databaseFile: join(dir, 'data', 'store.db'),
    defaultProducts: 40,
    log: (line: string) => out.push(line),
    error: (line: string) => err.push(line),
  });
  /** Writes `text` (or JSON of `catalogue`) to a file named `name` in the test's folder. */
  const catalogueFile = (name: string, catalogue: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, typeof catalogue === 'string' ? catalogue : JSON.stringify(catalogue));
    return file;
  };
  const count = (table: string) => {
    const db = openDatabase(join(dir, 'data', 'store.db'));
    try {
      return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'seed-cli-'));
    out = [];
    err = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('seeds the demo catalogue into the database file', () => {
    expect(runSeedCli(['--products', '30', '--seed', '2'], io())).toBe(0);
    expect(out.join('\n')).toMatch(
      /^Seeded 30 demo products in \d+ collections \(seed 2\) into .*store\.db in [\d.]+ s\.$/,
    );
    expect(count('products')).toBe(30);
  });

  it('uses the default size without arguments', () => {
    expect(runSeedCli([], io())).toBe(0);
    expect(count('products')).toBe(40);
  });

  it('prints the usage for --help and for a bad value (exit 2), touching nothing', () => {
    expect(runSeedCli(['--help'], io())).toBe(0);
    expect(out).toEqual([USAGE]);
    expect(runSeedCli(['--products', 'lots'], io())).toBe(2);
    expect(err[0]).toContain('Error: --products needs a whole number');
    expect(err[0]).toContain('Usage:');
  });

  it('imports a catalogue file', () => {
    const file = catalogueFile('catalogue.json', {
      collections: [{ handle: 'wheels', title: 'Wheels' }],
      products: [oneVariantProduct('a-wheel', 'A wheel', 10, 1, { collections: ['wheels'] })],
    });
    expect(runSeedCli(['--import', file], io())).toBe(0);
    expect(out[0]).toContain('Imported 1 collections and 1 products from');
    expect(count('products')).toBe(1);
  });

  it('reports invalid JSON and a missing file clearly (exit 1)', () => {
    const file = catalogueFile('broken.json', '{ "products": [ }');
    expect(runSeedCli(['--import', file], io())).toBe(1);
    expect(err[0]).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not valid JSON: `),
    );
    expect(runSeedCli(['--import', join(dir, 'nope.json')], io())).toBe(1);
    expect(err[1]).toMatch(/^Cannot read .*nope\.json: no such file$/);
  });

  it('lists every problem of a refused import and leaves the database as it was (exit 1)', () => {
    expect(runSeedCli(['--products', '20'], io())).toBe(0);
    const file = catalogueFile('bad.json', {
      products: [
        { handle: 'x', title: 'X', price: 1.001, variants: [] },
        oneVariantProduct('y', 'Y', 1, 1, { collections: ['nope'] }),
      ],
    });
    expect(runSeedCli(['--import', file], io())).toBe(1);
    expect(err[0]).toBe(`${file}: The catalogue has 3 problems; nothing was imported.`);
    expect(err.slice(1)).toEqual([
      '  products[0].price: must have at most 2 decimals',
      expect.stringMatching(/^ {2}products\[0\]\.variants: /) as string,
      '  products[1].collections[0]: unknown collection "nope"',
    ]);
    expect(count('products')).toBe(20);
  });
});

describe('readCatalogueFile', () => {
  it('parses a JSON file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-read-'));
    const file = join(dir, 'c.json');
    writeFileSync(file, '{"products":[]}');
    expect(readCatalogueFile(file)).toEqual({ products: [] });
    rmSync(dir, { recursive: true, force: true });
  });
});
