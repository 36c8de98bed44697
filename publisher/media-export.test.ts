import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportSummary, runMediaExportCli, runSeedAndExport } from './media-export.ts';

let dataDir: string;
let out: string[];
let err: string[];
const io = () => ({
  log: (line: string) => out.push(line),
  error: (line: string) => err.push(line),
});

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'media-export-cli-'));
  out = [];
  err = [];
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const seed = (argv: string[]) => runSeedAndExport(argv, { ...io(), dataDir, defaultProducts: 5 });

describe('npm run seed', () => {
  it('exports the media of the catalogue it seeded, and the configured banners', async () => {
    expect(await seed(['--products', '12'])).toBe(0);
    expect(out[0]).toMatch(/^Seeded 12 demo products/);
    expect(out[1]).toMatch(
      new RegExp(`^Exported media to ${join(dataDir, 'media')}: \\d+ files written`),
    );
    const media = join(dataDir, 'media');
    expect(readdirSync(join(media, 'products')).length).toBeGreaterThan(8);
    expect(existsSync(join(media, 'collections', 'pallet-jack-parts_400x.svg'))).toBe(true);
    // Named by the store configuration only, not by the database.
    expect(existsSync(join(media, 'banners', 'hero-forklift-parts_800x.svg'))).toBe(true);
    expect(err).toEqual([]);
  });

  it('exports nothing for --help or a command line it refuses', async () => {
    expect(await seed(['--help'])).toBe(0);
    expect(await seed(['--products', 'many'])).toBe(2);
    expect(existsSync(join(dataDir, 'media'))).toBe(false);
  });

  it('exports nothing when the import is refused', async () => {
    expect(await seed(['--import', join(dataDir, 'missing.json')])).toBe(1);
    expect(existsSync(join(dataDir, 'media'))).toBe(false);
  });
});

describe('npm run media:export', () => {
  it('refuses to run without a database, and creates none', async () => {
    expect(await runMediaExportCli(dataDir, io())).toBe(1);
    expect(err[0]).toMatch(/No database at .*store\.db: run npm run seed first/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('finds the files of a seeded store up to date', async () => {
    await seed(['--products', '3']);
    out = [];
    expect(await runMediaExportCli(dataDir, io())).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /: 0 files written \(0\.0 MB\), \d+ already up to date, in \d+\.\d s\.$/,
    );
  });
});

describe('exportSummary', () => {
  it('says what was written and how much', () => {
    expect(exportSummary({ written: 3, skipped: 4, bytes: 2_345_678 }, '/d/media', 1250)).toBe(
      'Exported media to /d/media: 3 files written (2.3 MB), 4 already up to date, in 1.3 s.',
    );
  });
});
