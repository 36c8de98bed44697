// The files of a test's release, written as the build writes them, for the tests that put a
// server over one (web/static-server.test.ts, switch.test.ts, both-servers.testing.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { articleRedirectsJson } from '../src/lib/routing/article-redirects.ts';
import { questionRedirectsJson } from '../src/lib/routing/question-redirects.ts';
import { REDIRECT_MAP_FILES } from '../src/lib/routing/release-redirects.ts';

/**
 * Writes a file of the release at `root`, making its folders; `path` is under the root, with
 * or without a leading slash.
 * @example releaseWriter(dist)('cart/index.html', '<h1>cart page</h1>')
 */
export function releaseWriter(root: string): (path: string, text: string) => void {
  return (path, text) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
}

/**
 * The release's article and question maps (REDIRECT_MAP_FILES), as the build writes them
 * (src/routes/article-redirects.ts, question-redirects.ts); a map not given is not written.
 */
export function writeRedirectMaps(
  root: string,
  maps: {
    articles?: Iterable<readonly [number, string]>;
    questions?: Iterable<readonly [string, string]>;
  },
): void {
  const write = releaseWriter(root);
  if (maps.articles) write(REDIRECT_MAP_FILES.articles.path, articleRedirectsJson(maps.articles));
  if (maps.questions)
    write(REDIRECT_MAP_FILES.questions.path, questionRedirectsJson(maps.questions));
}
