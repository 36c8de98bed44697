import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeConfig } from '../../shared/store-config.ts';
import { openDatabase, type Database } from '../db/open.ts';
import { seedDemo } from '../seed/index.ts';
import { testApp } from '../testing/app.ts';
import { catalogueMediaUrls } from './catalogue-urls.ts';
import { exportMedia, mediaDir, mediaUrlsIn, type ExportCounts } from './export.ts';
import { IMAGE_WIDTHS } from './names.ts';

/** Makes the next rename fail, as a full disk or a killed process would stop it. */
const faults = vi.hoisted(() => ({ failRename: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    rename: (from: string, to: string) => {
      if (faults.failRename) return Promise.reject(new Error('ENOSPC: no space left on device'));
      return actual.rename(from, to);
    },
  };
});

/** Every file below `dir`, as paths relative to it with forward slashes. */
function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

const served = (files: string[]) => files.filter((file) => !file.startsWith('.partial/'));

let work: string;
let db: Database;
/** The seeded catalogue's export, made once: about 1,600 files, mostly collection pictures. */
let shared: { dir: string; counts: ExportCounts };
const { app } = testApp();

/** A few media of each kind, for the tests that write a directory again and again. */
const FEW = [
  '/api/media/products/wheel-3.svg',
  '/api/media/banners/sidebar_300x.svg',
  '/api/media/manuals/crown-pth50.pdf',
  '/api/media/models/pump.glb',
];
const empty = openDatabase(':memory:');

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'media-export-'));
  db = openDatabase(join(work, 'store.db'));
  // 40 products of seed 1 hold pictures, manuals and models (the first test checks).
  seedDemo(db, { products: 40, seed: 1 });
  const dir = join(work, 'shared');
  shared = { dir, counts: await exportMedia(db, dir, { extraUrls: mediaUrlsIn(storeConfig) }) };
});
afterAll(() => {
  db.close();
  rmSync(work, { recursive: true, force: true });
});
afterEach(() => {
  faults.failRename = false;
});

/** A fresh export directory for one test. */
const freshDir = () => mkdtempSync(join(work, 'media-'));

describe('mediaDir', () => {
  it('is the media folder of the data directory', () => {
    expect(mediaDir('/srv/store/data')).toBe(join('/srv/store/data', 'media'));
  });
});

describe('exportMedia', () => {
  it('writes the bytes the API answers for every file, for every kind of media', async () => {
    const { dir, counts } = shared;
    const files = served(filesIn(dir));
    for (const folder of ['products', 'collections', 'banners', 'manuals', 'models']) {
      expect(
        files.some((file) => file.startsWith(`${folder}/`)),
        folder,
      ).toBe(true);
    }
    expect(counts.written).toBe(files.length);
    expect(counts.skipped).toBe(0);
    let bytes = 0;
    for (const file of files) {
      const reply = await app.request(`http://localhost/api/media/${file}`);
      expect(reply.status, file).toBe(200);
      const exported = readFileSync(join(dir, file));
      expect(exported.equals(Buffer.from(await reply.arrayBuffer())), file).toBe(true);
      bytes += exported.length;
    }
    expect(counts.bytes).toBe(bytes);
  });

  it('writes every URL the catalogue refers to, pictures at every srcset width', () => {
    const files = new Set(filesIn(shared.dir));
    const urls = [...catalogueMediaUrls(db)];
    expect(urls.length).toBeGreaterThan(50);
    for (const url of urls) {
      const path = url.slice('/api/media/'.length);
      expect(files.has(path), url).toBe(true);
      if (path.endsWith('.svg')) {
        for (const width of IMAGE_WIDTHS) {
          const variant = path.replace(/\.svg$/, `_${width}x.svg`);
          expect(files.has(variant), variant).toBe(true);
        }
      }
    }
  });

  it("writes the store configuration's banners when the caller passes them", () => {
    const files = new Set(filesIn(shared.dir));
    // All but productImageCdnPrefix, which is a folder and not a file.
    const banners = mediaUrlsIn(storeConfig).filter((url) => url.endsWith('.svg'));
    expect(banners.length).toBeGreaterThanOrEqual(9);
    for (const url of banners) {
      expect(files.has(url.slice('/api/media/'.length)), url).toBe(true);
    }
  });

  it("writes the caller's extra URLs, and ignores those that are not media names", async () => {
    const dir = freshDir();
    await exportMedia(empty, dir, {
      extraUrls: [
        '/api/media/banners/sidebar.svg',
        '/api/media/manuals/extra-sheet.pdf?download=1',
        '/api/media/pj-banner.png',
        'https://cdn.example.com/api/media/banners/other.svg',
        '/no-image.svg',
      ],
    });
    expect(served(filesIn(dir))).toEqual(
      [
        'banners/sidebar.svg',
        ...IMAGE_WIDTHS.map((width) => `banners/sidebar_${width}x.svg`),
        'manuals/extra-sheet.pdf',
      ].sort(),
    );
  });

  it('writes nothing outside its folders, whatever the URLs say', async () => {
    const outer = freshDir();
    const dir = join(outer, 'media');
    const urls = [
      '/api/media/manuals/../../escaped.pdf',
      '/api/media/../escaped.pdf',
      '/api/media/manuals/..%2F..%2Fescaped.pdf',
      '/api/media/manuals/%2e%2e/escaped.pdf',
      '/api/media/manuals/escaped.pdf/..',
      '/api/media/.partial/escaped.pdf',
      '/api/media/manuals/\0escaped.pdf',
      '/api/media/products/../../escaped-1.svg',
    ];
    // In the database, where a merchandiser's catalogue write puts them, and passed in.
    const hostile = openDatabase(':memory:');
    hostile.exec("INSERT INTO products (id, handle, title) VALUES (1, 'p', 'P')");
    const insert = hostile.prepare(
      'INSERT INTO product_pdfs (product_id, url, local_filename) VALUES (1, ?, ?)',
    );
    for (const url of urls) insert.run(url, 'x.pdf');
    const counts = await exportMedia(hostile, dir, { extraUrls: urls });
    expect(counts).toEqual({ written: 0, skipped: 0, bytes: 0 });
    expect(readdirSync(outer)).toEqual(['media']);
    expect(filesIn(dir)).toEqual([]);
  });

  it('leaves files that hold the same bytes alone on the next run', async () => {
    const { dir, counts } = shared;
    const file = join(dir, 'models', readdirSync(join(dir, 'models'))[0] ?? '');
    const before = statSync(file);
    const again = await exportMedia(db, dir, { extraUrls: mediaUrlsIn(storeConfig) });
    expect(again).toEqual({ written: 0, skipped: counts.written, bytes: 0 });
    const after = statSync(file);
    // Same inode and time: the web server's ETag and Last-Modified stay as they were.
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it('rewrites a file left empty or holding other bytes (a crash, an older drawing)', async () => {
    const dir = freshDir();
    const first = await exportMedia(empty, dir, { extraUrls: FEW });
    const manual = join(dir, 'manuals', 'crown-pth50.pdf');
    const picture = join(dir, 'products', 'wheel-3_400x.svg');
    const good = readFileSync(manual);
    writeFileSync(manual, '');
    writeFileSync(picture, `${readFileSync(picture, 'utf8')} `);
    const again = await exportMedia(empty, dir, { extraUrls: FEW });
    expect(again.written).toBe(2);
    expect(again.skipped).toBe(first.written - 2);
    expect(again.bytes).toBe(good.length + readFileSync(picture).length);
    expect(readFileSync(manual).equals(good)).toBe(true);
    expect(readFileSync(picture, 'utf8').endsWith('</svg> ')).toBe(false);
  });

  it('leaves no temporary file behind', () => {
    expect(readdirSync(join(shared.dir, '.partial'))).toEqual([]);
  });

  it('never puts a partly written file in place: a failed write keeps the old one', async () => {
    const dir = freshDir();
    await exportMedia(empty, dir, { extraUrls: FEW });
    const manual = join(dir, 'manuals', 'crown-pth50.pdf');
    writeFileSync(manual, 'old');
    faults.failRename = true;
    await expect(exportMedia(empty, dir, { extraUrls: FEW })).rejects.toThrow(/ENOSPC/);
    expect(readFileSync(manual, 'utf8')).toBe('old');
    expect(readdirSync(join(dir, '.partial'))).toEqual([]);
  });

  it('runs beside another export of the same directory', async () => {
    const dir = freshDir();
    const options = { extraUrls: FEW };
    const [a, b] = await Promise.all([
      exportMedia(empty, dir, options),
      exportMedia(empty, dir, options),
    ]);
    const total = served(filesIn(dir)).length;
    expect(a.written + a.skipped).toBe(total);
    expect(b.written + b.skipped).toBe(total);
    for (const file of served(filesIn(dir))) {
      const reply = await app.request(`http://localhost/api/media/${file}`);
      expect(
        readFileSync(join(dir, file)).equals(Buffer.from(await reply.arrayBuffer())),
        file,
      ).toBe(true);
    }
  });

  it('works one file at a time too', async () => {
    const dir = freshDir();
    const counts = await exportMedia(empty, dir, { extraUrls: FEW, concurrency: 1 });
    expect(counts.written).toBe(served(filesIn(dir)).length);
  });

  it('fails when the directory cannot be written, instead of reporting success', async () => {
    const outer = freshDir();
    const blocked = join(outer, 'file');
    writeFileSync(blocked, '');
    await expect(exportMedia(empty, join(blocked, 'media'))).rejects.toThrow(/ENOTDIR/);
  });
});
