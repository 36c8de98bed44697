import { ARTICLE_REDIRECTS_PATH, parseArticleRedirects } from './article-redirects.ts';
import { parseQuestionRedirects, QUESTION_REDIRECTS_PATH } from './question-redirects.ts';

/** One map file a release carries: where the build writes it, and how it is read back. */
export interface RedirectMapFile {
  /** Under the release's root (the servers' own folder, never served). */
  readonly path: string;
  /** Checks the file as it was written; throws on an entry no server could redirect with. */
  readonly parse: (text: string) => ReadonlyMap<string, string>;
}

/**
 * The redirect maps of a release (article-redirects.ts, question-redirects.ts): the build
 * writes each (src/routes/), the publisher turns them into nginx's and the rule-file CDN's
 * rules (publisher/build-site.ts) and the Node server reads them per request
 * (web/release-files.ts), all from this one table.
 */
export const REDIRECT_MAP_FILES = {
  articles: { path: ARTICLE_REDIRECTS_PATH, parse: parseArticleRedirects },
  questions: { path: QUESTION_REDIRECTS_PATH, parse: parseQuestionRedirects },
} as const satisfies Record<string, RedirectMapFile>;

/** A release's maps as read, by name (the names legacy-routes.ts's redirectsFile takes). */
export type ReleaseRedirects = {
  readonly [name in keyof typeof REDIRECT_MAP_FILES]: ReadonlyMap<string, string>;
};
