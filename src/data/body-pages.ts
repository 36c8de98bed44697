import { bodyPagePaths, type BodyEntry } from '../lib/content/body-page-paths.ts';
import { articleLinks } from './article-links.ts';

/**
 * The static paths of a route whose pages each show one record and its body (a page, a help
 * answer, an article): each page shows its own record and the articles its body links, so
 * its key reads those articles' digests with the record's.
 * @example getStaticPaths = () => bodyPages('help', getCollection('helpAnswers'))
 */
export async function bodyPages<E extends BodyEntry>(kind: string, entries: Promise<readonly E[]>) {
  const [listed, articles] = await Promise.all([entries, articleLinks()]);
  return bodyPagePaths(kind, listed, articles);
}
