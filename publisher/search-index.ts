import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import {
  manifestShards,
  SHARDS_FILE,
  shardCount,
  shardDir,
  shardOf,
} from '../src/lib/search/pagefind-shards.ts';
import {
  RECORD_TYPE,
  SEARCH_RECORDS_URL,
  type SearchRecord,
} from '../src/lib/search/search-record.ts';
import { MANIFEST_FILE, SUGGEST_DIR } from '../src/lib/search/suggest-format.ts';
import { readJsonFile } from './json-file.ts';
import { lowerChildrenNamed } from './priority.ts';
import { writeSuggestIndex, type KeptSuggestIndex, type RecordChanges } from './suggest-index.ts';
import { writeAtomically } from '../web/precompress.ts';

/** Where astro build writes the search records (an endpoint, src/pages/search-index). */
export const SEARCH_RECORDS_PATH = join(...SEARCH_RECORDS_URL.split('/'));
/**
 * Where a release keeps the records its search index was made from (never served): a warm
 * publish compares the new records with them and indexes again only the shards that differ.
 */
export const KEPT_SEARCH_RECORDS = join('_server', 'search-records.json');

export interface SearchIndexOptions {
  /** Products per shard when the index is sized afresh (pagefind-shards.ts SHARD_RECORDS). */
  shardRecords?: number | undefined;
  /**
   * The live release a warm publish follows, whose files `outDir` holds as hard links: its
   * shard count is kept, and its shards with the same records too.
   */
  live?: string;
  /** The records, when the caller has read them already (else read from the build). */
  records?: SearchRecord[] | undefined;
  /**
   * The live release's kept records (KEPT_SEARCH_RECORDS), when the caller holds them already
   * (publisher/search-worker.ts keeps those of the release it made last); else read from `live`.
   */
  kept?: SearchRecord[] | undefined;
  /**
   * The suggestion index of `kept` held in memory, brought up to the records (or made anew)
   * for the next publish (publisher/search-worker.ts).
   */
  suggest?: KeptSuggestIndex | undefined;
  /** Stops the index between shards. */
  signal?: AbortSignal | undefined;
}

export interface SearchIndexReport {
  /** Records in the whole index. */
  records: number;
  /** Records in the indexes written again (all of them unless `live` was given). */
  indexed: number;
  /** The Pagefind directories written again, for the caller to compress. */
  written: string[];
  /** The suggestion index's files written again (new or changed), for the caller to compress. */
  suggestFiles: string[];
  /** How the suggestion index was made (KeptSuggestIndex), or 'same' when left as it was. */
  suggest: 'updated' | 'documents' | 'whole' | 'same';
}

/**
 * Indexes the search records written by the build: the search box's suggestion index under
 * /suggest/ (publisher/suggest-index.ts), and with Pagefind's Node API the products in
 * shards under /pagefind/ (src/lib/search/pagefind-shards.ts) for the results list's fallback.
 * The records are kept in `_server/` for the next publish to compare.
 */
export async function writeSearchIndex(
  outDir: string,
  options: SearchIndexOptions = {},
): Promise<SearchIndexReport> {
  const recordsFile = join(outDir, SEARCH_RECORDS_PATH);
  const records =
    options.records ?? (JSON.parse(await readFile(recordsFile, 'utf8')) as SearchRecord[]);
  const root = join(outDir, 'pagefind');
  const products = records.filter((record) => !isCollection(record));
  const kept =
    options.kept ??
    (options.live
      ? await readJsonFile<SearchRecord[]>(join(options.live, KEPT_SEARCH_RECORDS))
      : undefined);
  // The suggestion index is made from the records alone: a warm release (the live one's files,
  // linked) whose records are the live release's has its suggestion index already. A rename
  // changes no record (they name no category) and made it again, 4 s at 100,000 products.
  // Compared once, record by record, for the shards and the suggestion index alike (each
  // compared them on its own: four passes over 100,000 records for a price change).
  // Undefined when records moved: never the same records then.
  const changes = kept ? diffRecords(records, kept) : undefined;
  const unchanged =
    changes !== undefined &&
    changes.changed.size === 0 &&
    !changes.added.length &&
    !changes.removed.length &&
    existsSync(join(outDir, SUGGEST_DIR, MANIFEST_FILE));
  const held: KeptSuggestIndex = options.suggest ?? {};
  held.made = undefined;
  // Made while Pagefind's own process writes a shard: made first, its 4 s of this thread's
  // time held back the shard's records Pagefind was waiting for (issue 33, item 3).
  let suggesting: Promise<string[]> | undefined;
  const suggest = () => {
    suggesting ??= unchanged
      ? Promise.resolve([])
      : writeSuggestIndex(outDir, records, kept, changes, held);
    suggesting.catch(() => {});
  };
  const shards = options.live
    ? manifestShards(await readJsonFile(join(options.live, 'pagefind', SHARDS_FILE)))
    : shardCount(products.length, options.shardRecords);

  const now = groups(products, shards);
  // A shard is the same when none of its records changed, came or went; when records moved,
  // its records are compared with the live release's shard.
  const touched = changes && touchedShards(changes, shards);
  const before =
    kept && !changes
      ? groups(
          kept.filter((record) => !isCollection(record)),
          shards,
        )
      : undefined;
  const same = (key: number, group: readonly SearchRecord[]) =>
    touched ? !touched.has(key) : before !== undefined && sameRecords(group, before.get(key) ?? []);
  const written: string[] = [];
  let indexed = 0;
  try {
    for (const [key, group] of now) {
      options.signal?.throwIfAborted();
      if (unchanged || same(key, group)) continue;
      const dir = join(root, shardDir(key));
      await removeIndex(dir);
      await writeIndex(group, dir, suggest);
      written.push(dir);
      indexed += group.length;
    }
  } finally {
    await pagefind.close();
  }
  suggest();
  const suggestFiles = (await suggesting) ?? [];
  // Releases before the suggestion index had the collections' own Pagefind index here.
  await rm(join(root, 'collections'), { recursive: true, force: true });
  const empty = [...now].filter(([, group]) => !group.length);
  await writeAtomically(
    join(root, SHARDS_FILE),
    `${JSON.stringify({ shards, empty: empty.map(([key]) => key) })}\n`,
  );
  await mkdir(join(outDir, '_server'), { recursive: true });
  await rename(recordsFile, join(outDir, KEPT_SEARCH_RECORDS));
  await rm(join(outDir, 'search-index'), { recursive: true, force: true });
  const suggestMade = unchanged ? 'same' : (held.made ?? 'whole');
  return { records: records.length, indexed, written, suggestFiles, suggest: suggestMade };
}

const isCollection = (record: SearchRecord) =>
  record.filters.type?.includes(RECORD_TYPE.collection) === true;

/** The records of each product shard (every shard, empty ones too). */
function groups(products: readonly SearchRecord[], shards: number) {
  const grouped = new Map<number, SearchRecord[]>(
    Array.from({ length: shards }, (_, shard) => [shard, []]),
  );
  for (const record of products) grouped.get(shardOf(record.url, shards))?.push(record);
  return grouped;
}

/**
 * How `records` differ from `before`, record by record by URL: those that changed (each with
 * the one it replaces), came and went. Undefined when a URL is listed twice or the records
 * both lists hold are in another order (a shard's records are indexed in their order).
 */
export function diffRecords(
  records: readonly SearchRecord[],
  before: readonly SearchRecord[],
): RecordChanges | undefined {
  const old = new Map<string, { record: SearchRecord; at: number }>();
  for (const [at, record] of before.entries()) {
    if (old.has(record.url)) return undefined;
    old.set(record.url, { record, at });
  }
  const changed = new Map<SearchRecord, SearchRecord>();
  const added: SearchRecord[] = [];
  const seen = new Set<string>();
  let last = -1;
  for (const record of records) {
    if (seen.has(record.url)) return undefined;
    seen.add(record.url);
    const then = old.get(record.url);
    if (!then) {
      added.push(record);
      continue;
    }
    if (then.at < last) return undefined;
    last = then.at;
    if (JSON.stringify(record) !== JSON.stringify(then.record)) changed.set(record, then.record);
  }
  const removed = before.filter((record) => !seen.has(record.url));
  return { changed, added, removed };
}

/** The product shards that hold a record that changed, came or went. */
function touchedShards(changes: RecordChanges, shards: number): Set<number> {
  const touched = new Set<number>();
  const records = [
    ...changes.changed.keys(),
    ...changes.changed.values(),
    ...changes.added,
    ...changes.removed,
  ];
  for (const record of records) if (!isCollection(record)) touched.add(shardOf(record.url, shards));
  return touched;
}

/** Record by record, to the first that differs (a price change is found at once). */
function sameRecords(a: readonly SearchRecord[], b: readonly SearchRecord[]): boolean {
  return (
    a.length === b.length && a.every((record, i) => JSON.stringify(record) === JSON.stringify(b[i]))
  );
}

/** Folders of one Pagefind index; the rest of it is files beside them. */
const INDEX_FOLDERS = new Set(['fragment', 'index', 'filter']);

/**
 * Removes one index's files from `dir` before it is written again: its files and folders,
 * not the other indexes inside it (shard 0's directory holds the others) nor the manifest.
 * Unlinked, never emptied in place: a warm release's files are the live release's too.
 */
async function removeIndex(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile() ? entry.name === SHARDS_FILE : !INDEX_FOLDERS.has(entry.name)) continue;
    await rm(join(dir, entry.name), { recursive: true, force: true });
  }
}

const RECORDS_IN_FLIGHT = 256;

/** `whileWriting` is called once Pagefind has the records and writes the index's files. */
async function writeIndex(records: SearchRecord[], outputPath: string, whileWriting: () => void) {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  // Its service process, started by the call above, below the web server and the API.
  lowerChildrenNamed('pagefind');
  // Sent in batches rather than one at a time: each call is a round trip to Pagefind's
  // process, which then indexes while the next ones are on their way (about half the time
  // of 20,000 records). The records are sent in order, so the index is the same.
  for (let start = 0; start < records.length; start += RECORDS_IN_FLIGHT) {
    const batch = records.slice(start, start + RECORDS_IN_FLIGHT);
    const added = await Promise.all(
      // The product id is the suggestion index's key, not a Pagefind field.
      batch.map(({ id: _id, ...record }) => index.addCustomRecord({ ...record, language: 'en' })),
    );
    added.forEach(({ errors }, i) => {
      if (errors.length)
        throw new Error(`Pagefind refused ${batch[i]?.url ?? '?'}: ${errors.join('; ')}`);
    });
  }
  try {
    const writing = index.writeFiles({ outputPath });
    whileWriting();
    const written = await writing;
    if (written.errors.length)
      throw new Error(`Pagefind could not write ${outputPath}: ${written.errors.join('; ')}`);
  } finally {
    // Pagefind's process keeps every index it was given until it closes: 1.3 GB of shards
    // at 100,000 products, held while astro renders beside it (publisher/build-site.ts).
    await index.deleteIndex();
  }
}
