import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sitemap from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import {
  serializeSitemapItem,
  sitemapFilter,
  UNLISTED_FILE,
  writeUnlisted,
  type SitemapFilter,
} from '../../src/lib/content/sitemap-xml.ts';
import { readJsonFile } from '../json-file.ts';
import { routeType, type WarmPath } from './protocol.ts';

/** Astro's name of a page (generate.js, addPageName): with a trailing slash, no leading one. */
const pageName = (path: WarmPath) => path.pathname.replace(/\/?$/, '/').replace(/^\//, '');

/** The URL @astrojs/sitemap makes of a page (base '/'). */
const sitemapUrl = (path: WarmPath, site: string) => new URL(`/${pageName(path)}`, site);

/** The pathname the sitemap's filter is handed for a page. */
export const sitemapName = (path: WarmPath, site: string): string =>
  sitemapUrl(path, site).pathname;

const readUnlisted = async (dir: string) => {
  const names = await readJsonFile<string[]>(join(dir, UNLISTED_FILE));
  return names && new Set(names);
};

/**
 * A warm release's sitemap, written again when the set of listed pages may have changed
 * (`listedChanged`); the files written, none when it was not. `heads` says, by sitemap name,
 * whether a rendered page's head keeps it out; the other pages' heads are as the live
 * release's sitemap found them.
 */
export async function rewriteSitemap(options: {
  live: string;
  outDir: string;
  site: string;
  paths: readonly WarmPath[];
  heads: ReadonlyMap<string, boolean>;
  listedChanged: boolean;
}): Promise<string[]> {
  if (!options.listedChanged) return [];
  const unlisted = await readUnlisted(options.live);
  const filter = sitemapFilter(
    options.outDir,
    (name) => options.heads.get(name) ?? unlisted?.has(name),
  );
  return writeSitemap(options.outDir, options.paths, options.site, filter);
}

/**
 * The sitemap written while the pages render, for a publish whose pages come or go: each
 * page's head taken to be as the live release's sitemap found it (a new page listed).
 * `stands` says, once the render is done, whether its heads agree; when they do not (a page
 * turned noindex or back, a new page that is noindex), the caller writes the sitemap again
 * with them (rewriteSitemap), after this one has settled. Undefined when the live release
 * keeps no list of unlisted pages (then each head would be read from a page being written).
 */
export async function sitemapAhead(options: {
  live: string;
  outDir: string;
  site: string;
  paths: readonly WarmPath[];
}): Promise<
  | { written: Promise<string[]>; stands: (heads: ReadonlyMap<string, boolean>) => boolean }
  | undefined
> {
  const unlisted = await readUnlisted(options.live);
  if (!unlisted) return undefined;
  const filter = sitemapFilter(options.outDir, (name) => unlisted.has(name));
  const written = writeSitemap(options.outDir, options.paths, options.site, filter);
  written.catch(() => {});
  const stands = (heads: ReadonlyMap<string, boolean>) =>
    [...heads].every(([name, excluded]) => excluded === unlisted.has(name));
  return { written, stands };
}

/**
 * The sitemap as astro build writes it: @astrojs/sitemap itself, with the store's options
 * (astro.config.mjs), run over this release's pages, and the pages its filter kept out
 * (UNLISTED_FILE). Its files are unlinked first: the
 * integration writes through a stream that would otherwise write into the live release.
 */
async function writeSitemap(
  outDir: string,
  paths: readonly WarmPath[],
  site: string,
  filter: SitemapFilter,
): Promise<string[]> {
  for (const name of await readdir(outDir)) {
    if (/^sitemap-.*\.xml(?:\.gz|\.br)?$/.test(name)) await rm(join(outDir, name));
  }
  const integration: AstroIntegration = sitemap({
    entryLimit: 50_000,
    filter,
    serialize: serializeSitemapItem,
  });
  const hooks = integration.hooks as Record<string, (options: unknown) => Promise<void> | void>;
  const logger = { info: () => {}, warn: () => {}, error: () => {} };
  await hooks['astro:routes:resolved']?.({ routes: [] });
  await hooks['astro:config:done']?.({
    config: { site, base: '/', trailingSlash: 'ignore', build: { format: 'directory' } },
  });
  // The integration sorts the URLs with localeCompare(b, 'en', { numeric: true }), which took
  // 6 of its 8 s at 100,000 products. Handed in that order already (the same collation, made
  // once), its sort finds one run and compares each URL once: the same files in under 3 s.
  const collator = new Intl.Collator('en', { numeric: true });
  const pages = paths
    .filter((path) => routeType(path) === 'page')
    .map((path) => ({ name: pageName(path), url: sitemapUrl(path, site).href }))
    .sort((a, b) => collator.compare(a.url, b.url));
  await hooks['astro:build:done']?.({
    dir: pathToFileURL(`${outDir}/`),
    // Astro's page names (generate.js, addPageName): pages only, with a trailing slash.
    pages: pages.map((page) => ({ pathname: page.name })),
    logger,
  });
  await writeUnlisted(outDir, filter.unlisted);
  return (await readdir(outDir))
    .filter((name) => /^sitemap-.*\.xml$/.test(name))
    .map((name) => join(outDir, name));
}
