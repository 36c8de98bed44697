// The data of the HTML sitemap's sections, read once per build from the content collections
// and the catalogue lookups (routes fetch, components render: STYLE). The underscore keeps
// this file out of the routes.
import { getCollection } from 'astro:content';
import { buildMemoMap } from '../../data/build-memo.ts';
import { catalogue } from '../../data/catalogue.ts';
import { storeConfig } from '../../lib/config/index.ts';
import { isGenericPageHandle, NOINDEX_PAGE_HANDLES } from '../../lib/content/generic-pages.ts';
import { newestFirst } from '../../lib/content/articles.ts';
import {
  brandsSection,
  flattenTree,
  pagesSection,
  type SitemapGroup,
  type SitemapSectionKey,
} from '../../lib/content/sitemap-sections.ts';

/** The groups of links of one sitemap section. */
export const sitemapSectionData: (key: SitemapSectionKey) => Promise<SitemapGroup[]> =
  buildMemoMap(load);

async function load(key: SitemapSectionKey): Promise<SitemapGroup[]> {
  const { paths } = storeConfig.theme;
  if (key === 'categories') {
    const { childrenOf } = await catalogue();
    const links = flattenTree(childrenOf, paths.collectionBase);
    return links.length > 0 ? [{ heading: 'Categories', links }] : [];
  }
  if (key === 'brands') return brandsSection((await catalogue()).vendors);
  const [pages, articles, helpAnswers] = await Promise.all([
    getCollection('pages'),
    getCollection('articles'),
    getCollection('helpAnswers'),
  ]);
  const bases = Object.values(paths);
  return pagesSection({
    articleBase: paths.articleBase,
    collectionBase: paths.collectionBase,
    pages: pages
      .map((entry) => entry.data)
      .filter((p) => isGenericPageHandle(p.handle, bases) && !NOINDEX_PAGE_HANDLES.has(p.handle))
      .sort((a, b) => a.title.localeCompare(b.title, 'en')),
    articles: newestFirst(articles.map((entry) => entry.data)),
    helpAnswers: helpAnswers.map((entry) => entry.data),
  });
}
