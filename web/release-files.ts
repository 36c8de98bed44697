import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { REDIRECT_MAP_FILES, type RedirectMapFile } from '../src/lib/routing/release-redirects.ts';
import { partPath, type PagePart } from '../src/lib/shell/shell-parts.ts';
import { HEADERS_FILE, type SiteHeaders } from './headers.ts';

/**
 * The files of a release that the local server reads per request (web/static-server.ts):
 * its product handles, headers (CSP) and the article and question maps, each read again when
 * it changes.
 */

/** The build's product handles, one a line (src/pages/product-handles.txt.ts writes it). */
export const PRODUCT_HANDLES_FILE = 'product-handles.txt';

/**
 * A file read on first use and again whenever it changes (a rebuild while serving); absent,
 * it is undefined. `parse` turns its text into the value.
 */
function watchedFile<T>(file: string, parse: (text: string) => T) {
  let loaded: { mtimeMs: number; value: T } | undefined;
  return {
    current: async (): Promise<T | undefined> => {
      let mtimeMs: number;
      try {
        mtimeMs = (await stat(file)).mtimeMs;
      } catch {
        loaded = undefined;
        return undefined;
      }
      if (loaded?.mtimeMs !== mtimeMs)
        loaded = { mtimeMs, value: parse(await readFile(file, 'utf8')) };
      return loaded.value;
    },
  };
}

/**
 * The set of handles in a handles file, read on first use and again whenever the file
 * changes (a rebuild while serving); an absent file is an empty set.
 */
export function handleSet(file: string): { current: () => Promise<ReadonlySet<string>> } {
  const empty: ReadonlySet<string> = new Set();
  const watched = watchedFile(
    file,
    (text): ReadonlySet<string> => new Set(text.split('\n').filter((line) => line !== '')),
  );
  return { current: async () => (await watched.current()) ?? empty };
}

const jsonFile = <T>(file: string) => watchedFile(file, (text) => JSON.parse(text) as T);

/** A redirect map of the release at `root` (REDIRECT_MAP_FILES), watched. */
const redirectMap = (root: string, { path, parse }: RedirectMapFile) =>
  watchedFile(join(root, path), parse);

/**
 * The shell parts of the release at `root` (src/lib/shell/shell-parts.ts), each watched from
 * the first page that includes it: the pages' includes are filled from the release the page
 * is answered from. A release has a few parts for its shell and three for each collection's
 * trail.
 */
function shellParts(root: string) {
  const files = new Map<PagePart, ReturnType<typeof watchedFile<string>>>();
  return {
    current: async (names: readonly PagePart[]): Promise<ReadonlyMap<PagePart, string>> => {
      const parts = new Map<PagePart, string>();
      for (const name of names) {
        let file = files.get(name);
        if (!file) {
          file = watchedFile(join(root, partPath(name)), (text) => text);
          files.set(name, file);
        }
        const html = await file.current();
        if (html !== undefined) parts.set(name, html);
      }
      return parts;
    },
  };
}

/** Releases whose files are kept read: the live one and those requests may still be on. */
const KEPT_RELEASES = 4;

/**
 * The watched files of each release, by its real path: a request reads the CSP, the
 * handles, the article and question maps and the shell parts of the release it is answered from. A rebuild in place (no
 * publishing) changes the files under the same root, which the watch follows.
 */
export function releaseFiles() {
  const releases = new Map<
    string,
    {
      handles: ReturnType<typeof handleSet>;
      headers: ReturnType<typeof jsonFile<SiteHeaders>>;
      articles: ReturnType<typeof redirectMap>;
      questions: ReturnType<typeof redirectMap>;
      parts: ReturnType<typeof shellParts>;
    }
  >();
  return {
    of(root: string) {
      let files = releases.get(root);
      if (files) releases.delete(root);
      else
        files = {
          handles: handleSet(join(root, PRODUCT_HANDLES_FILE)),
          headers: jsonFile<SiteHeaders>(join(root, HEADERS_FILE)),
          articles: redirectMap(root, REDIRECT_MAP_FILES.articles),
          questions: redirectMap(root, REDIRECT_MAP_FILES.questions),
          parts: shellParts(root),
        };
      // Most recently used last; the oldest goes first.
      releases.set(root, files);
      for (const old of releases.keys()) {
        if (releases.size <= KEPT_RELEASES) break;
        releases.delete(old);
      }
      return files;
    },
  };
}
