/**
 * The content store of a prerender bundle, as patches/astro+7.3.5.patch exposes it: the
 * singleton behind getCollection() and getEntry() (astro/dist/content/data-store.js), on
 * globalThis under this symbol once the bundle's content module has loaded.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const CONTENT_STORE = Symbol.for('astro.contentStore');

/** A collection's entries by id, as Astro's ImmutableDataStore holds them. */
export type Collections = Map<string, Map<string, unknown>>;

/** What Astro's ImmutableDataStore offers its InMemorySource (data-store-source.js). */
export interface DataStore {
  hasCollection(collection: string): boolean;
  get(collection: string, key: string): unknown;
  entries(collection: string): [string, unknown][];
  values(collection: string): unknown[];
  keys(collection: string): string[];
  has(collection: string, key: string): boolean;
  collections(): Collections;
}

/** The singleton: `get` loads the bundle's whole store on first use, `set` replaces it. */
export interface StoreSingleton {
  get(): Promise<{ collections(): Collections }>;
  set(store: DataStore): void;
}

/** The singleton of the bundle whose content module has loaded in this thread, if any. */
export function storeSingleton(): StoreSingleton | undefined {
  return (globalThis as Record<symbol, StoreSingleton | undefined>)[CONTENT_STORE];
}

/**
 * Loads the content module of the bundle in `bundleDir` (Astro names its chunk
 * `_astro_content_*.mjs`), which makes the singleton; pages load it lazily otherwise. False
 * when the bundle has none (no page reads a collection).
 */
export async function loadContentModule(bundleDir: string): Promise<boolean> {
  const chunks = join(bundleDir, 'chunks');
  let names: string[];
  try {
    names = readdirSync(chunks);
  } catch {
    return false;
  }
  const name = names.find((file) => /^_astro_content_.*\.mjs$/.test(file));
  if (!name) return false;
  await import(pathToFileURL(join(chunks, name)).href);
  return true;
}

/**
 * A prerender worker's content store: the collections its pages read in their frontmatter,
 * sent by the build process, without those the build process keeps to itself (`withheld`:
 * the products, which pages receive through getStaticPaths' props). Reading a withheld
 * collection fails the page with a message that says so, rather than rendering it empty.
 */
export class WorkerContentStore implements DataStore {
  readonly #collections: Collections;
  readonly #withheld: ReadonlySet<string>;

  constructor(collections: Collections, withheld: Iterable<string>) {
    this.#collections = collections;
    this.#withheld = new Set(withheld);
  }

  hasCollection(collection: string): boolean {
    return this.#read(collection) !== undefined;
  }
  get(collection: string, key: string): unknown {
    return this.#read(collection)?.get(String(key));
  }
  entries(collection: string): [string, unknown][] {
    return [...(this.#read(collection)?.entries() ?? [])];
  }
  values(collection: string): unknown[] {
    return [...(this.#read(collection)?.values() ?? [])];
  }
  keys(collection: string): string[] {
    return [...(this.#read(collection)?.keys() ?? [])];
  }
  has(collection: string, key: string): boolean {
    return this.#read(collection)?.has(String(key)) ?? false;
  }
  collections(): Collections {
    return this.#collections;
  }

  #read(collection: string) {
    if (this.#withheld.has(collection))
      throw new Error(
        `The "${collection}" collection is not loaded in the prerender workers: read it in the ` +
          "route's getStaticPaths and pass the page what it shows as props " +
          '(src/integrations/parallel-prerender).',
      );
    return this.#collections.get(collection);
  }
}
