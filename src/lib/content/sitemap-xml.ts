import { closeSync, openSync, readSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { AstroIntegration } from 'astro';
import { legacyRules, type LegacyRule } from '../routing/legacy-routes.ts';
import { SHELL_PARTS_PREFIX } from '../shell/shell-parts.ts';
import { isPaginatedPath } from './index-pagination.ts';

/**
 * The options of @astrojs/sitemap for sitemap.xml (DESIGN, "Crawlers"): only indexable
 * pages, each once, under the URL a visitor uses.
 */

/** Bytes of a page read to find its head; the robots meta sits near the top. */
const HEAD_BYTES = 16_384;

/** The start of an HTML file up to its </head> (or the first HEAD_BYTES). */
function readHead(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    return pageHead(buffer.subarray(0, readSync(fd, buffer, 0, HEAD_BYTES, 0)));
  } finally {
    closeSync(fd);
  }
}

/**
 * The head of a built page: its bytes up to </head> (or the first HEAD_BYTES), one character
 * a byte. What headExcludes looks for is ASCII, which reads the same in UTF-8; the latin1
 * text is several times quicker to make than UTF-8 text, and a publish reads the heads of the
 * pages it renders (publisher/warm/release.ts), 300 KB a list page.
 */
export function pageHead(bytes: Buffer): string {
  const text = bytes.toString('latin1', 0, Math.min(bytes.length, HEAD_BYTES));
  const end = text.search(/<\/head>/i);
  return end === -1 ? text : text.slice(0, end);
}

const NOINDEX = /<meta\b[^>]*\bname=["']?robots["']?[^>]*\bcontent=["'][^"']*noindex/i;
const NOINDEX_REVERSED =
  /<meta\b[^>]*\bcontent=["'][^"']*noindex[^"']*["'][^>]*\bname=["']?robots/i;
const REFRESH = /<meta\b[^>]*\bhttp-equiv=["']?refresh/i;

/** Whether a built page's head keeps it out of the sitemap: noindex, or a redirect page. */
export function headExcludes(head: string): boolean {
  return NOINDEX.test(head) || NOINDEX_REVERSED.test(head) || REFRESH.test(head);
}

/** The HTML file of a page URL in a directory-format build, if there is one. */
function htmlFileOf(outDir: string, pathname: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return [];
  }
  const root = normalize(outDir + sep);
  const base = normalize(join(root, decoded));
  if (!base.startsWith(root)) return [];
  return decoded.endsWith('.html') ? [base] : [join(base, 'index.html'), `${base}.html`];
}

/**
 * The pages of a release its head keeps out of the sitemap, by the URL pathname the sitemap
 * integration hands its filter (`/part/`). Kept beside the release, so that a publish that
 * renders a few pages need not read the head of every other page again (38 s at 100,000
 * products).
 */
export const UNLISTED_FILE = '_server/unlisted.json';

/** The sitemap filter, with the pages its heads kept out (`UNLISTED_FILE`) once it has run. */
export interface SitemapFilter {
  (page: string): boolean;
  readonly unlisted: Set<string>;
}

/**
 * The sitemap filter: a page is listed when it is an HTML page of the build that is not the
 * not-found page, not a shell part, not a later page of a paginated list, and not marked noindex or a redirect
 * in its head. Runs after the build has written `outDir`; reads only each page's head, unless
 * `known` answers for the page (true: its head keeps it out; undefined: read it).
 */
export function sitemapFilter(
  outDir: string,
  known: (pathname: string) => boolean | undefined = () => undefined,
): SitemapFilter {
  const unlisted = new Set<string>();
  const excluded = (pathname: string): boolean => {
    const answer = known(pathname);
    if (answer !== undefined) return answer;
    for (const file of htmlFileOf(outDir, pathname)) {
      const head = readHead(file);
      if (head !== undefined) return headExcludes(head);
    }
    // Not an HTML page of the build.
    return true;
  };
  const filter = (page: string) => {
    const { pathname } = new URL(page);
    if (/^\/404(?:\.html|\/)?$/.test(pathname) || isPaginatedPath(pathname)) return false;
    // A shell part is a piece of every page, never a page (src/lib/shell/shell-parts.ts).
    if (pathname.startsWith(SHELL_PARTS_PREFIX)) return false;
    if (!excluded(pathname)) return true;
    unlisted.add(pathname);
    return false;
  };
  return Object.assign(filter, { unlisted });
}

/**
 * Writes the pages `filter` kept out by their heads to the build's `UNLISTED_FILE`, once
 * @astrojs/sitemap (listed before this in the integrations) has run it over every page.
 */
export function keepUnlisted(filter: SitemapFilter, outDir: string): AstroIntegration {
  return {
    name: 'store-sitemap-unlisted',
    hooks: {
      'astro:build:done': async () => {
        await writeUnlisted(outDir, filter.unlisted);
      },
    },
  };
}

export async function writeUnlisted(outDir: string, unlisted: ReadonlySet<string>) {
  const file = join(outDir, UNLISTED_FILE);
  await mkdir(dirname(file), { recursive: true });
  // Written beside and renamed over: in a warm release the old file is a hard link of the
  // live release's, which writing in place would change too.
  await writeFile(`${file}.next`, JSON.stringify([...unlisted].sort()));
  await rename(`${file}.next`, file);
}

/**
 * The URL a visitor uses for a built page: pages the legacy rules serve under an old URL
 * (/help/ at /help.asp, /sitemap-index/pages/ at /sitemap.php/pages) are listed under it.
 * @example servedUrl('https://s.example/help/') // 'https://s.example/help.asp'
 */
export function servedUrl(url: string, rules: readonly LegacyRule[] = legacyRules): string {
  const parsed = new URL(url);
  const path = parsed.pathname.endsWith('/') ? parsed.pathname : `${parsed.pathname}/`;
  for (const rule of rules) {
    if (rule.status !== 200) continue;
    const to = rule.to.endsWith('/') ? rule.to : `${rule.to}/`;
    const param = /:([A-Za-z]+)/.exec(to);
    if (!param) {
      if (path === to) return new URL(rule.from, parsed).href;
      continue;
    }
    const [prefix = '', suffix = ''] = to.split(param[0]);
    if (!path.startsWith(prefix) || !path.endsWith(suffix)) continue;
    const value = path.slice(prefix.length, path.length - suffix.length);
    if (!/^[A-Za-z0-9_-]+$/.test(value)) continue;
    return new URL(rule.from.replace(`:${param[1]}`, value), parsed).href;
  }
  return url;
}

/** The sitemap's serialize option: each entry under its served URL. */
export function serializeSitemapItem<T extends { url: string }>(item: T): T {
  return { ...item, url: servedUrl(item.url) };
}
