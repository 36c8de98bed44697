/**
 * Whether a search result really holds every word of the query. Pagefind backs off when an
 * index has no word starting with a query word: it searches a shorter prefix ("lr29963" as
 * "lr") or drops the word. Over one index that only happens when nothing matches; over the
 * products' shards (./pagefind-shards.ts) it happens in every shard that lacks the word, so an
 * exact part number would come with every "LR-" part of the other shards, and a category
 * search would show them instead of 'No results found.'. Results are checked against their
 * record's content with this instead ("an exact part number first, then part-number
 * prefixes, then title words").
 */

/** Dashes and other punctuation: the characters Pagefind removes from a query word. */
const PUNCTUATION = /[\p{Pd}\p{Pe}\p{Pf}\p{Pi}\p{Po}\p{Ps}]/gu;

// Plain ASCII (nearly every catalogue word) has no marks to take off.
const fold = (text: string) =>
  /^[\x20-\x7e]*$/.test(text)
    ? text.toLowerCase()
    : text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

/** The query's words as Pagefind searches them: folded, punctuation removed. */
export function queryWords(query: string): string[] {
  return fold(query)
    .split(/\s+/)
    .map((word) => word.replace(PUNCTUATION, ''))
    .filter((word) => word.length > 0);
}

/** A record's words as Pagefind indexes them: each word joined ("85288") and in its parts. */
export function contentWords(content: string): Set<string> {
  const words = new Set<string>();
  for (const token of fold(content).split(/\s+/)) {
    const joined = token.replace(PUNCTUATION, '');
    if (joined) words.add(joined);
    for (const part of token.split(PUNCTUATION)) if (part) words.add(part);
  }
  return words;
}

/** An ending Pagefind's English stemmer folds ("wheels", "batteries", "charging"). */
const ENDING = /^[a-z]{0,3}$/;
const MAX_ENDING = 3;
/** The shortest shared start for two words to count as one stem. */
const STEM = 4;

/**
 * The start every word that `wordMatches` a query word shares with it: the query word, or
 * for a longer word its stem without a possible ending ("wheels" -> "whee").
 */
export const stemPrefix = (query: string): string =>
  query.length > STEM ? query.slice(0, Math.max(STEM, query.length - MAX_ENDING)) : query;

/**
 * Whether one query word matches one indexed word: as its prefix (what Pagefind matches while
 * the shopper types), or as the same word with another English ending. Digits must match
 * exactly, so a part number never matches its neighbour.
 */
export function wordMatches(query: string, word: string): boolean {
  if (word.startsWith(query)) return true;
  let shared = 0;
  while (shared < query.length && query[shared] === word[shared]) shared++;
  return shared >= STEM && ENDING.test(query.slice(shared)) && ENDING.test(word.slice(shared));
}

/** Whether a record's content holds every query word. */
export function holdsEveryWord(words: readonly string[], content: string): boolean {
  const indexed = [...contentWords(content)];
  return words.every((query) => indexed.some((word) => wordMatches(query, word)));
}
