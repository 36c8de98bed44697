/**
 * Astro's island scripts as files (issue 33, item 5). Astro inlines into every page with an
 * island its hydration runtime and each client directive it uses (astro-island, idle, the
 * store's interact): 5.4 KB of every page as sent and 2.1 KB gzipped, the same bytes on
 * 125,000 pages. The build writes each as a file under _astro, named by its content, and the
 * renderers link them instead (patches/astro+7.3.5.patch, `islandScriptTag`: `<script src
 * defer>`; an island waits for its directive's event, so the order of loading does not matter).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
// eslint-disable-next-line no-restricted-imports -- Astro's runtime folder, not the project's server/.
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';

/** Where the patched renderer looks for the scripts' URLs, by their text. */
const ISLAND_SCRIPT_FILES = Symbol.for('astro.islandScriptFiles');

/** Astro's folder of built assets in the output (build.assets, the default). */
const ASSETS_DIR = '_astro';

const contentName = (text: string) =>
  createHash('sha256').update(text).digest('base64url').slice(0, 10);

/**
 * The bundle's island scripts by text, each with its file's path in the output (under
 * _astro; its URL is that path from the site's root): the runtime and
 * every client directive of the bundle's manifest, whether a page uses it or not, so that a
 * warm publish's page finds its file in the release it was copied from.
 */
export function islandScriptFiles(
  clientDirectives: Iterable<readonly [string, string]>,
): Map<string, string> {
  const files = new Map<string, string>([
    [islandRuntime, `${ASSETS_DIR}/island.${contentName(islandRuntime)}.js`],
  ]);
  for (const [name, text] of clientDirectives) {
    const safeName = name.replace(/[^a-z0-9-]/gi, '');
    files.set(text, `${ASSETS_DIR}/island-${safeName}.${contentName(text)}.js`);
  }
  return files;
}

/** From now on, pages rendered in this thread link `files` instead of inlining their scripts. */
export function linkIslandScripts(files: ReadonlyMap<string, string>): void {
  (globalThis as Record<symbol, unknown>)[ISLAND_SCRIPT_FILES] = new Map(
    [...files].map(([text, path]) => [text, `/${path}`]),
  );
}

/** Writes `files` into the build's output. */
export async function writeIslandScripts(
  files: ReadonlyMap<string, string>,
  outDir: string,
): Promise<void> {
  await mkdir(join(outDir, ASSETS_DIR), { recursive: true });
  await Promise.all([...files].map(([text, path]) => writeFile(join(outDir, path), text)));
}

/** A bundle manifest's client directives, a Map or its serialised pairs. */
export function manifestDirectives(manifest: unknown): [string, string][] {
  const directives = (manifest as { clientDirectives?: unknown }).clientDirectives;
  if (directives instanceof Map) return [...(directives as Map<string, string>)];
  if (Array.isArray(directives)) return directives as [string, string][];
  throw new Error("The prerender bundle's manifest has no client directives.");
}
