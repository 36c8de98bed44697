import { readFile } from 'node:fs/promises';

/**
 * A JSON file's value, or undefined when it is absent or unreadable (a release written by an
 * older version, a lock file cut short by a crash): the callers treat both as "not there".
 */
export async function readJsonFile<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}
