/**
 * Legacy article links, /Articles.asp?ID=355 (spec storefront 2, product page), answered with
 * one 301 to the article's canonical path. Which path an id has changes
 * with the catalogue, so each release carries its own map, written by the build at
 * ARTICLE_REDIRECTS_PATH (src/routes/article-redirects.ts); the Node server reads it from
 * the release it answers from, and nginx gets it as a `map` in the release's http.conf
 * (web/nginx-config.ts), so a publish that adds or renames an article switches
 * the redirect together with the pages.
 */

/** Where the build writes the map, under the servers' own folder (never served). */
export const ARTICLE_REDIRECTS_PATH = '/_server/article-redirects.json';

/** An article id as the map holds it: the digits of a positive integer. */
const ID = /^[1-9]\d{0,15}$/;

/** A path the servers may send as a Location: our own, never `//host`, a scheme or `\`. */
const SAFE_TARGET = /^\/(?![/\\])[A-Za-z0-9\-._~!&'()*+,;=:@%/]*$/;

/** Whether a path may be redirected to as it is (see SAFE_TARGET). */
export const isSafeTarget = (path: string): boolean => SAFE_TARGET.test(path);

/** Whether a request path is the legacy article page: /Articles.asp in any case. */
export const isLegacyArticlePath = (pathname: string): boolean =>
  pathname.toLowerCase() === '/articles.asp';

/**
 * The ID parameter of a legacy article link as nginx's `$arg_id` reads it, so that both
 * servers look up the same key: the first parameter named `id` in any case, its value as
 * sent (not decoded). Undefined when there is none.
 * @example legacyArticleParam('?utm=x&Id=355') // '355'
 */
export function legacyArticleParam(search: string): string | undefined {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (name.toLowerCase() === 'id') return equals < 0 ? '' : pair.slice(equals + 1);
  }
  return undefined;
}

/**
 * The map file of a release: each article id and its canonical path, in id order. Throws on
 * an id or a path the servers could not redirect to safely.
 * @example articleRedirectsJson([[355, '/articles/ask-us']]) // '{\n  "355": "/articles/ask-us"\n}\n'
 */
export function articleRedirectsJson(hrefs: Iterable<readonly [number, string]>): string {
  const entries = [...hrefs].sort(([a], [b]) => a - b);
  for (const [id, path] of entries) checkEntry(String(id), path);
  return `${JSON.stringify(Object.fromEntries(entries.map(([id, path]) => [String(id), path])), null, 2)}\n`;
}

/** A map file read back (ARTICLE_REDIRECTS_PATH), checked as it was written. */
export function parseArticleRedirects(text: string): ReadonlyMap<string, string> {
  const data: unknown = JSON.parse(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error('The article redirects file is not an object of id: path.');
  const map = new Map<string, string>();
  for (const [id, path] of Object.entries(data)) {
    checkEntry(id, path);
    map.set(id, path as string);
  }
  return map;
}

function checkEntry(id: string, path: unknown) {
  if (!ID.test(id)) throw new Error(`Article redirect: ${JSON.stringify(id)} is not an id.`);
  if (typeof path !== 'string' || !isSafeTarget(path))
    throw new Error(`Article redirect ${id}: ${JSON.stringify(path)} is not a path of the site.`);
}

/**
 * The map as lines of a Netlify-style `_redirects` file, one per article
 * (`/Articles.asp ID=355 /articles/ask-us 301`), for a rule-file CDN that matches query values.
 */
export function articleRedirectLines(redirects: ReadonlyMap<string, string>): string[] {
  return [...redirects].map(([id, path]) => `/Articles.asp ID=${id} ${path} 301`);
}
