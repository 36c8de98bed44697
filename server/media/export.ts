import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/open.ts';
import { catalogueMediaUrls } from './catalogue-urls.ts';
import { mediaBytes, mediaPathsOf } from './media-files.ts';
import { MEDIA_FOLDERS } from './names.ts';

export { mediaUrlsIn } from './catalogue-urls.ts';

/** The folders below /api/media/, each a folder of the exported directory. */

/**
 * Where files are written before they are renamed into place: inside the media directory, so
 * the rename stays on one filesystem, and outside the five folders the web servers answer
 * from, so a half-written file is never served.
 */
const PARTIAL = '.partial';

/**
 * The directory the demo media are exported to and the web servers answer /api/media/ from.
 * @example mediaDir(env.DATA_DIR) // './data/media'
 */
export const mediaDir = (dataDir: string): string => join(dataDir, 'media');

export interface ExportMediaOptions {
  /**
   * Media URLs to export besides the catalogue's, such as the store configuration's banners:
   * `mediaUrlsIn(storeConfig)`. URLs that are not media names are ignored, as in the database.
   */
  extraUrls?: Iterable<string>;
  /** Files read and written at once (default 32). */
  concurrency?: number;
}

export interface ExportCounts {
  /** Files written because they were missing or held other bytes. */
  written: number;
  /** Files left alone because they already held the same bytes. */
  skipped: number;
  /** Bytes of the files written. */
  bytes: number;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Writes one file unless it holds these bytes already; returns the bytes written (0 when
 * left alone). The file appears whole or not at all: temp file, then rename over it.
 */
async function exportFile(dir: string, path: string, bytes: Buffer): Promise<number> {
  const target = join(dir, path);
  const existing = await readFile(target).catch((error: unknown) => {
    if (missing(error)) return undefined;
    throw error;
  });
  if (existing?.equals(bytes)) return 0;
  // 'wx' refuses a name that exists, so two exports at once never share a temp file.
  const temp = join(dir, PARTIAL, `${process.pid}-${randomUUID()}`);
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return bytes.length;
}

/**
 * Writes every media file the catalogue refers to into `dir`, at its path below /api/media/
 * (product pictures, manuals and models stay up when the API is down), so
 * /api/media/products/wheel-3_400x.svg is `dir`/products/wheel-3_400x.svg. The bytes are the
 * ones the API answers (server/media/media-files.ts). A picture gets every srcset width
 * besides its plain name; URLs that are not media names the API answers are ignored.
 *
 * Names are deterministic, but the drawings may change with the code: a file is compared
 * with the bytes it should hold and rewritten when they differ, which also mends a file a
 * crash left empty. A file that is no longer referred to is left in place: the API would
 * answer its name with the same bytes.
 * @example await exportMedia(db, mediaDir(env.DATA_DIR), { extraUrls: mediaUrlsIn(storeConfig) })
 */
export async function exportMedia(
  db: Database,
  dir: string,
  options: ExportMediaOptions = {},
): Promise<ExportCounts> {
  const { extraUrls = [], concurrency = 32 } = options;
  const paths = new Set<string>();
  for (const source of [catalogueMediaUrls(db), extraUrls]) {
    for (const url of source) for (const path of mediaPathsOf(url)) paths.add(path);
  }
  await Promise.all(
    [...MEDIA_FOLDERS, PARTIAL].map((folder) => mkdir(join(dir, folder), { recursive: true })),
  );

  const counts: ExportCounts = { written: 0, skipped: 0, bytes: 0 };
  const queue = paths.values();
  let failed = false;
  // Workers share one queue; making the bytes is synchronous, so at most `concurrency`
  // files (a few kilobytes each) are held while their reads and writes are in flight.
  const worker = async () => {
    for (let next = queue.next(); !next.done && !failed; next = queue.next()) {
      try {
        const bytes = mediaBytes(next.value);
        if (!bytes) continue;
        const written = await exportFile(dir, next.value, bytes);
        if (written > 0) {
          counts.written += 1;
          counts.bytes += written;
        } else counts.skipped += 1;
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Settled, not Promise.all: after a failure, the files in flight finish before it is thrown.
  const results = await Promise.allSettled(
    Array.from({ length: Math.max(1, concurrency) }, worker),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return counts;
}
