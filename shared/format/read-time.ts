import { htmlToText } from './html-text.ts';

/** spec storefront 9: article read-time estimate at 225 words per minute. */
export const WORDS_PER_MINUTE = 225;

/**
 * Words of an HTML body as a reader sees them: tags, scripts and lone punctuation are not
 * words.
 * @example countWords('<p>Seal&nbsp;kit <b>fits</b></p>') // 3
 */
export function countWords(html: string): number {
  return htmlToText(html)
    .split(' ')
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * Minutes to read, rounded up, at least 1.
 * @example readTimeMinutes(450) // 2
 */
export function readTimeMinutes(words: number, wordsPerMinute = WORDS_PER_MINUTE): number {
  if (!Number.isFinite(words) || words <= 0) return 1;
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}
