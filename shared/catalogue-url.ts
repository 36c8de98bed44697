/**
 * Which URLs a catalogue record may carry for its pictures, models, manuals and links
 *: an absolute http(s) URL, or a path on this site. Both the API's
 * merchandiser input (server/catalog/input.ts) and the build's loaders (src/loaders/) ask this.
 */

/** The words of a refusal, after the field's name. */
export const CATALOGUE_URL_RULE = 'must be an http(s) URL or a path on this site';

/** Longest URL a record may carry. */
export const MAX_CATALOGUE_URL = 2000;

// Whitespace, control and format characters anywhere: browsers strip some (a tab or newline inside
// "java\tscript:") and trim others, so what they follow is not what was checked. Backslashes:
// browsers read "\" as "/" in http(s) URLs, so "/\evil.example" is another host.
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;

/** A path on this site: one leading slash, not followed by another (that is another host). */
const SITE_PATH = /^\/(?!\/)/;
const ABSOLUTE = /^https?:\/\/[^/]/i;

/**
 * True for a URL the catalogue may carry: `https://cdn.example/a.jpg`, `/api/media/a.svg`.
 * Refused: other schemes (`javascript:`, `data:`, `vbscript:`), protocol-relative
 * `//evil.example`, `/\evil.example`, relative paths, credentials in the URL, whitespace and
 * control characters anywhere, and anything over 2000 characters.
 */
export function isCatalogueUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_CATALOGUE_URL) return false;
  if (UNSAFE_CHARACTER.test(value)) return false;
  if (SITE_PATH.test(value)) {
    // Belt and braces: the browser's own reading must stay on this site.
    return new URL(value, 'https://site.invalid').origin === 'https://site.invalid';
  }
  if (!ABSOLUTE.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}
