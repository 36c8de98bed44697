import { normalizePartNumber } from './input.ts';

/**
 * Turns a shopper's search text (the `q` of GET /api/products/filter) into a full-text query
 * for the trigram index `products_fts` (schema.ts).
 *
 * - Every word must match (AND); a word matches as typed or with its punctuation removed,
 *   so "85-288" and "5288-0" find sku "85288-001" through the normalised codes that
 *   write.ts stores beside the raw ones (products/filter).
 * - Every word goes into the query as an FTS5 string ("..." with quotes doubled), so the
 *   shopper's `"`, `*`, `NEAR(`, `AND`, `(` or `'` are plain text, never syntax.
 * - Trigrams cannot match words shorter than 3 characters. Such words are dropped when the
 *   query has longer words; when it has none, they become `like` patterns instead.
 */
export interface TextSearch {
  /** FTS5 MATCH expression, or null when no word is long enough for the trigram index. */
  match: string | null;
  /** LIKE patterns (with `\` as the escape character) for a query of short words only. */
  like: string[];
}

/** Longest search text used; the rest is ignored. */
export const MAX_QUERY_LENGTH = 200;
/** Most words used from one query. */
export const MAX_QUERY_WORDS = 8;

const MIN_TRIGRAM = 3;

/** An FTS5 string literal: the text between double quotes, quotes doubled. */
export const ftsString = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** A LIKE pattern that finds `text` anywhere, with %, _ and \ taken literally. */
export const likeAnywhere = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Parses search text; undefined when it holds nothing searchable (empty, only spaces or
 * only punctuation).
 *
 * @example parseSearchText('85-288 wheel') // match: ("85-288" OR "85288") AND "wheel"
 */
export function parseSearchText(q: string): TextSearch | undefined {
  const words = q
    .slice(0, MAX_QUERY_LENGTH)
    // Control characters (NUL included) are never part of a product's text.
    .replace(/\p{Cc}/gu, ' ')
    .split(/\s+/)
    // A word without a letter or digit cannot find anything (and "(((" or "*" should not
    // turn a good query into an empty result).
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return undefined;

  const groups: string[] = [];
  const short: string[] = [];
  for (const word of words) {
    const forms = new Set<string>();
    if ([...word].length >= MIN_TRIGRAM) forms.add(word.toLowerCase());
    // Punctuation inside a part number ("85-288", "85.288/1") is left out of the second form.
    const normalised = /[^\p{L}\p{N}]/u.test(word) ? normalizePartNumber(word) : '';
    if (normalised.length >= MIN_TRIGRAM) forms.add(normalised);
    if (forms.size === 0) {
      short.push(word);
      continue;
    }
    const alternatives = [...forms].map(ftsString);
    groups.push(
      alternatives.length === 1 ? alternatives.join('') : `(${alternatives.join(' OR ')})`,
    );
  }
  if (groups.length > 0) return { match: groups.join(' AND '), like: [] };
  return { match: null, like: short.map(likeAnywhere) };
}
