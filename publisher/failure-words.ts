/**
 * A publish's failure in the merchandiser's words (issue 33, item 11): what went wrong and
 * what to do, then the technical text in brackets for whoever is asked to help. A failure
 * once read 'The operation was aborted due to timeout'.
 */

/** The causes a merchandiser can act on, each with the words for it. */
const KNOWN: readonly { test: (text: string, name: string) => boolean; words: string }[] = [
  {
    test: (text, name) => name === 'TimeoutError' || /aborted due to timeout/i.test(text),
    words:
      'The catalogue API did not answer in time. Check that it is running and not overloaded, then publish again.',
  },
  {
    test: (text) => /ECONNREFUSED|fetch failed|ENOTFOUND|EHOSTUNREACH|socket hang up/i.test(text),
    words:
      'The catalogue API could not be reached. Check that it is running (npm start starts it), then publish again.',
  },
  {
    test: (text) => /answered 401|answered 403/.test(text),
    words:
      'The catalogue API refused the merchandiser token. The store and its API must use the same ADMIN_TOKEN.',
  },
  {
    test: (text) => /ENOSPC|no space left/i.test(text),
    words: 'The disk is full. Make room (fewer kept releases: PUBLISH_KEEP), then publish again.',
  },
  {
    test: (text) => /ENOMEM|out of memory|heap limit/i.test(text),
    words: 'The build ran out of memory. Close other work on the machine, then publish again.',
  },
];

/**
 * The words for a failed publish; the live site is always unchanged by one, which the page
 * says beside them. A failure the build explained itself ('The build failed; …') keeps its
 * words.
 * @example failureWords(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
 *   // 'The catalogue API did not answer in time. … (The operation was aborted due to timeout)'
 */
export function failureWords(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const known = KNOWN.find(({ test }) => test(text, name) || (cause !== '' && test(cause, '')));
  if (!known) return text;
  const detail = [text, cause].filter(Boolean).join(': ');
  return `${known.words} (${detail})`.slice(0, 2000);
}
