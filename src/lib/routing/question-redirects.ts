import { questionPath, type QuestionLink } from '../content/questions.ts';
import { isSafeTarget } from './article-redirects.ts';
import type { LegacyMatch } from './legacy-match.ts';

/**
 * A question's address is /questions/{displayableId}/{handle} (spec account-and-shell 2.1).
 * The id is the question's own and does not change; the handle is made from its title, and
 * a title can be reworded (the demo's questions were, so that each fits the product it sits
 * on: /questions/Q10001/will-this-fit-a-crown-pth50 became
 * /questions/Q10001/how-long-does-a-charge-last). So an address that names a question's id
 * with another handle, or none, is answered with one 301 to the question's address, as
 * product and article links are; an id no question has stays not found.
 *
 * Which handle an id has changes with the content, so each release carries its own map of
 * ids to addresses, written by the build at QUESTION_REDIRECTS_PATH
 * (src/routes/question-redirects.ts), as the article map is (article-redirects.ts): the Node
 * server reads it from the release it answers from, nginx gets it as a `map` in the
 * release's http.conf, and the rule-file CDN a line per question in `_redirects`. Both
 * servers ask only when no file answers the path, so the question's own page always wins.
 */

/** Where the build writes the map, under the servers' own folder (never served). */
export const QUESTION_REDIRECTS_PATH = '/_server/question-redirects.json';

/**
 * The ids the map holds: what a path segment and an nginx map key can carry as they are. Two
 * ids that differ only in case cannot both be held (nginx's map would refuse them).
 */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Each question's id and address, for the map (questionRedirectsJson). A question whose id no
 * server could match as it is (a space, a slash) keeps its page without a redirect, and of
 * ids that differ only in case the first (by record id) keeps it.
 * @example questionAddresses([{ id: 1, displayableId: 'Q10001', handle: 'how-long' }])
 *   // [['Q10001', '/questions/Q10001/how-long']]
 */
export function questionAddresses(
  questions: readonly Pick<QuestionLink, 'id' | 'displayableId' | 'handle'>[],
): [string, string][] {
  const taken = new Set<string>();
  return [...questions]
    .sort((a, b) => a.id - b.id)
    .filter(({ displayableId: id }) => {
      const key = id.toLowerCase();
      if (!ID.test(id) || taken.has(key)) return false;
      taken.add(key);
      return true;
    })
    .map((question) => [question.displayableId, questionPath(question)]);
}

/**
 * The paths that name a question by its id: /questions/{id}, with any handle after it, and
 * one trailing slash. nginx reads the same expression (web/nginx-http-conf.ts),
 * its named group becoming $store_question.
 */
export const QUESTION_PATH_PATTERN =
  '^/questions/(?<store_question>[A-Za-z0-9_-]{1,64})(?:/[^/]+)?/?$';
const QUESTION_PATH = new RegExp(QUESTION_PATH_PATTERN);

/**
 * The map file of a release: each question id and its address, in id order. Throws on an id
 * or a path the servers could not redirect to safely.
 * @example questionRedirectsJson([['Q10001', '/questions/Q10001/how-long']]) // '{\n  "Q10001": "/questions/Q10001/how-long"\n}\n'
 */
export function questionRedirectsJson(paths: Iterable<readonly [string, string]>): string {
  const entries = [...paths].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  checked(entries);
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}

/**
 * A map file read back (QUESTION_REDIRECTS_PATH), checked as it was written, keyed by the id
 * in lower case: nginx's map compares strings ignoring case, so both servers do.
 */
export function parseQuestionRedirects(text: string): ReadonlyMap<string, string> {
  const data: unknown = JSON.parse(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error('The question redirects file is not an object of id: path.');
  return checked(Object.entries(data as Record<string, unknown>));
}

/** The entries keyed by the id in lower case; throws on a bad entry or two ids of one key. */
function checked(entries: readonly (readonly [string, unknown])[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const [id, path] of entries) {
    checkEntry(id, path);
    const key = id.toLowerCase();
    if (map.has(key)) throw new Error(`Question redirect ${id}: another id differs only in case.`);
    map.set(key, path as string);
  }
  return map;
}

function checkEntry(id: string, path: unknown) {
  if (!ID.test(id)) throw new Error(`Question redirect: ${JSON.stringify(id)} is not an id.`);
  if (typeof path !== 'string' || !isSafeTarget(path) || !path.startsWith(`/questions/${id}/`))
    throw new Error(`Question redirect ${id}: ${JSON.stringify(path)} is not its address.`);
}

/**
 * The one 301 for a path that names a question by its id but is not its address (the
 * request's parameters kept); undefined for any other path or an unknown id. `redirects` is
 * keyed in lower case (parseQuestionRedirects), as nginx compares the id. Asked only
 * when no file answers the path, so never for the address itself. `pathname` is decoded, as
 * both servers match it.
 * @example questionRedirect('/questions/Q10001/will-this-fit', '', new Map([['q10001', '/questions/Q10001/how-long']]))
 *   // { status: 301, location: '/questions/Q10001/how-long' }
 */
export function questionRedirect(
  pathname: string,
  search: string,
  redirects: ReadonlyMap<string, string>,
): LegacyMatch | undefined {
  const id = QUESTION_PATH.exec(pathname)?.groups?.['store_question'];
  const location = id === undefined ? undefined : redirects.get(id.toLowerCase());
  if (location === undefined) return undefined;
  const query = new URLSearchParams(search).toString();
  return { status: 301, location: query ? `${location}?${query}` : location };
}

/**
 * The map as lines of a Netlify-style `_redirects` file, two per question (with and without
 * a handle); such a CDN applies a rule only where no file answers, as our servers do.
 */
export function questionRedirectLines(redirects: ReadonlyMap<string, string>): string[] {
  return [...redirects.values()].flatMap((path) => {
    // The id as written: the address holds it (the map's key is in lower case).
    const id = path.split('/')[2] ?? '';
    return [`/questions/${id} ${path} 301`, `/questions/${id}/* ${path} 301`];
  });
}
