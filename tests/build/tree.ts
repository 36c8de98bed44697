import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under a directory, as sorted paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/**
 * What a suite's beforeAll builds (sites, an API) and its tests read, with how to remove it
 * afterwards: the builds are too slow to make once per test.
 */
export class SuiteFixture<T> {
  #value: T | undefined;
  /** Replaced as the beforeAll makes things to remove; afterAll calls it. */
  cleanUp: () => Promise<void> = () => Promise.resolve();

  set(value: T): void {
    this.#value = value;
  }

  /** The fixture, or undefined if the beforeAll did not get as far (for afterAll). */
  built(): T | undefined {
    return this.#value;
  }

  /** The fixture; a test whose beforeAll failed fails here with the reason it gives. */
  need(): T {
    if (!this.#value) throw new Error('the builds did not run');
    return this.#value;
  }
}
