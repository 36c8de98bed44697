import { getCollection } from 'astro:content';
import { storeConfig } from '../lib/config/index.ts';
import { articleHrefs, type ArticleHrefs } from '../lib/content/article-links.ts';
import { buildMemo } from './build-memo.ts';

/**
 * The canonical path of every article of this build by its id, read once and shared by the
 * pages that link articles by id and by the servers' redirect map.
 */
export const articleLinks: () => Promise<ArticleHrefs> = buildMemo(() =>
  getCollection('articles').then((entries) =>
    articleHrefs(
      entries.map((entry) => entry.data),
      storeConfig.theme.paths.articleBase,
    ),
  ),
);
