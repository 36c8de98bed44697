import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What the pages are made of besides the catalogue: a change to any of it needs a full build. */
const SOURCES = ['src', 'public', 'patches', 'astro.config.mjs', 'package-lock.json'];

/**
 * A digest of the store's code and of the build's environment (SITE_URL and the rest), taken
 * when a full build keeps its bundle and again before each warm publish: the kept bundle
 * renders only for the code and settings it was built from.
 */
export async function codeDigest(
  buildEnv: Readonly<Record<string, string | undefined>>,
  root = process.cwd(),
): Promise<string> {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    for (const file of await filesOf(join(root, source))) {
      hash.update(`${relative(root, file)}\u0000`);
      hash.update(await readFile(file));
    }
  }
  for (const [name, value] of Object.entries(buildEnv).sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`${name}=${value ?? ''}\u0000`);
  return hash.digest('hex');
}

async function filesOf(path: string): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return (await stat(path).catch(() => undefined))?.isFile() ? [path] : [];
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) found.push(...(await filesOf(full)));
    else if (entry.isFile()) found.push(full);
  }
  return found;
}
