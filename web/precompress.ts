import { readdirSync, readFileSync } from 'node:fs';
import { copyFile, link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { includedParts, strayCommands } from '../src/lib/shell/shell-parts.ts';
import { inlineScriptHashes } from './headers.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Files worth compressing. Pagefind's .pf_* chunks and its .pagefind WebAssembly are gzip
 * already (Pagefind inflates them in the browser), so they are not on the list.
 */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.xml',
  '.txt',
]);

/** Below this size the headers cost more than compression saves. */
const MIN_BYTES = 512;

/** Files or folders read synchronously between two turns of the event loop (tens of ms). */
const YIELD_EVERY = 256;

export interface PrecompressReport {
  files: number;
  compressed: number;
  skipped: number;
  bytesIn: number;
  bytesGzip: number;
  bytesBrotli: number;
  /** Files whose .gz and .br were taken from the previous release (same bytes). */
  reused: number;
  /** Pages with shell parts, which the web server compresses as it fills them in. */
  assembled: number;
}

export interface PrecompressOptions {
  /** Given the CSP hashes of every page's inline scripts (the one pass that reads every page). */
  scriptHashes?: Set<string>;
  /** Files compressed at once; zlib runs them on libuv's thread pool. */
  concurrency?: number;
  /**
   * The previous release (publishing): a file with the same path and bytes there
   * takes its .gz and .br from it, linked, instead of being compressed again. Release
   * directories are written once and then only read, so sharing an inode is safe.
   */
  reuseFrom?: string;
}

/**
 * Writes `file.gz` and `file.br` beside every compressible file of a build, for nginx's
 * gzip_static and brotli_static and the local server, except the pages that include shell
 * parts, which the web server compresses once it has filled them in (and which must carry no
 * other server-side include command: the build fails on one). Hashed bundles
 * get the strongest settings (few files, fetched by every visitor, compressed once); pages use
 * gzip 6 and brotli 5, which keep within 3 to 10 % of the strongest at tens of MB/s, since a
 * 100,000-product build has about 9 GB of HTML. A file whose .br is newer than it is
 * skipped, so a rebuild compresses only what it wrote.
 */
export async function precompressTree(
  root: string,
  options: PrecompressOptions = {},
): Promise<PrecompressReport> {
  const files = await listTree(root);
  return compressAll(root, files, options, new Set(files));
}

/**
 * The same for the files a warm publish wrote (publisher/warm): only those, without
 * walking the build. Paths are absolute, inside `root`.
 */
export function precompressFiles(
  root: string,
  files: readonly string[],
  options: Omit<PrecompressOptions, 'reuseFrom'> = {},
): Promise<PrecompressReport> {
  return compressAll(root, files, options);
}

/**
 * `listed`, when the caller walked the whole tree: every file in it, so that a page's
 * compressed copies are removed only where they are (at 100,000 products, two removals of
 * files that are not there cost more than reading the page).
 */
async function compressAll(
  root: string,
  files: readonly string[],
  options: PrecompressOptions,
  listed?: ReadonlySet<string>,
): Promise<PrecompressReport> {
  const report: PrecompressReport = {
    files: 0,
    compressed: 0,
    skipped: 0,
    bytesIn: 0,
    bytesGzip: 0,
    bytesBrotli: 0,
    reused: 0,
    assembled: 0,
  };
  const queue = files.filter((file) => COMPRESSIBLE.has(extname(file)));
  report.files = queue.length;
  let read = 0;
  const workers = Array.from({ length: options.concurrency ?? 8 }, async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      await compressOne(file, root, report, options, listed);
      // Most pages are read and checked without waiting on anything (below): the event loop
      // gets its turn every so often.
      if (++read % YIELD_EVERY === 0) await nextTurn();
    }
  });
  await Promise.all(workers);
  return report;
}

async function compressOne(
  file: string,
  root: string,
  report: PrecompressReport,
  options: PrecompressOptions,
  listed: ReadonlySet<string> | undefined,
) {
  // Read synchronously: at 100,000 products the pass reads 128,000 pages that the build has
  // just written (in the page cache), and a promise's open, stat, read and close per page took
  // three times as long as the reading.
  const bytes = readFileSync(file);
  if (file.endsWith('.html')) {
    // Byte for byte (latin1), several times quicker to make than UTF-8 text: what is looked
    // for is ASCII, and nginx reads the commands byte for byte too.
    const html = bytes.toString('latin1');
    const stray = strayCommands(html);
    if (stray.length > 0) {
      const command = Buffer.from(stray[0] ?? '', 'latin1').toString('utf8');
      throw new Error(
        `${file.slice(root.length)} carries a server-side include command that is not the shell's: ${command.slice(0, 80)}. nginx would act on it, so it is not published.`,
      );
    }
    for (const hash of inlineScriptHashes(html, 'latin1')) options.scriptHashes?.add(hash);
    if (includedParts(html).length > 0) {
      // The web server fills its shell parts in and compresses the page as it sends it: a .gz
      // or .br (one an earlier release of this page left, linked) would hold no parts.
      const copies = [`${file}.gz`, `${file}.br`].filter((copy) => listed?.has(copy) ?? true);
      await Promise.all(copies.map((copy) => rm(copy, { force: true })));
      report.assembled += 1;
      return;
    }
  }
  if (bytes.length < MIN_BYTES) {
    report.skipped += 1;
    return;
  }
  const source = await stat(file);
  const fresh = await stat(`${file}.br`).then(
    (br) => br.mtimeMs >= source.mtimeMs,
    () => false,
  );
  if (fresh) {
    report.skipped += 1;
    return;
  }
  if (options.reuseFrom && (await reuseCompressed(file, bytes, root, options.reuseFrom))) {
    report.reused += 1;
    return;
  }
  const strongest = file.slice(root.length).includes('/_astro/');
  const [gz, br] = await Promise.all([
    gzipAsync(bytes, { level: strongest ? 9 : 6 }),
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: strongest ? 11 : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  // Written beside, then renamed: a server never sends half a compressed file.
  await writeAtomically(`${file}.gz`, gz);
  await writeAtomically(`${file}.br`, br);
  report.compressed += 1;
  report.bytesIn += bytes.length;
  report.bytesGzip += gz.length;
  report.bytesBrotli += br.length;
}

/** Links the previous release's .gz and .br when its file has the same bytes; false if not. */
async function reuseCompressed(file: string, bytes: Buffer, root: string, previousRoot: string) {
  const previous = join(previousRoot, file.slice(root.length));
  try {
    const [before, gz, br] = await Promise.all([
      stat(previous),
      stat(`${previous}.gz`),
      stat(`${previous}.br`),
    ]);
    if (before.size !== bytes.length || !gz.isFile() || !br.isFile()) return false;
    if (!(await readFile(previous)).equals(bytes)) return false;
  } catch {
    return false;
  }
  for (const suffix of ['.gz', '.br']) {
    await rm(file + suffix, { force: true });
    await link(previous + suffix, file + suffix).catch(() =>
      copyFile(previous + suffix, file + suffix),
    );
  }
  return true;
}

/**
 * Writes beside, then renames: a server never reads half a file, and a file that is a hard
 * link shared with another release is replaced, never written through.
 */
export async function writeAtomically(path: string, bytes: Buffer | string) {
  const temporary = `${path}.${String(process.pid)}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/**
 * Every file under `directory` but the servers' own (dist/_server, never served). Each folder
 * is read synchronously (the 128,000 folders of a 100,000-product build took twice as long as
 * promises), and the event loop gets its turn every YIELD_EVERY folders.
 */
async function listTree(directory: string): Promise<string[]> {
  const files: string[] = [];
  const folders = [directory];
  for (let read = 1, folder = folders.pop(); folder !== undefined; read++, folder = folders.pop()) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== '_server') folders.push(path);
      else if (entry.isFile()) files.push(path);
    }
    if (read % YIELD_EVERY === 0) await nextTurn();
  }
  return files;
}
