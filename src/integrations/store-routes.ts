import type { AstroIntegration } from 'astro';
import { storeConfig } from '../../shared/store-config.ts';
import { ARTICLE_REDIRECTS_PATH } from '../lib/routing/article-redirects.ts';
import { QUESTION_REDIRECTS_PATH } from '../lib/routing/question-redirects.ts';

/**
 * The routes whose base path is configurable (spec account-and-shell 2.1: "configurable
 * collection path and base path", product path, article path). Their pages live in
 * src/routes/ and are injected here under the bases of the store configuration, so changing
 * a base in one place moves the pages, the links and the canonical URLs together.
 */
export function storeRoutes(paths = storeConfig.theme.paths): AstroIntegration {
  const { collectionBase, productBase, articleBase, machineBase } = paths;
  const routes = [
    { pattern: collectionBase, entrypoint: './src/routes/collection-list.astro' },
    { pattern: `${collectionBase}/vendors`, entrypoint: './src/routes/vendor-list.astro' },
    // Page 1 at /{handle}, later pages at /{handle}/page/{n} (the rest parameter).
    {
      pattern: `${collectionBase}/[handle]/[...page]`,
      entrypoint: './src/routes/collection.astro',
    },
    { pattern: `${productBase}/[handle]`, entrypoint: './src/routes/product.astro' },
    // The shopper's machines, and a machine model's parts (issue 31, items 7 and 8).
    { pattern: machineBase, entrypoint: './src/routes/my-machines.astro' },
    { pattern: `${machineBase}/[brand]/[model]`, entrypoint: './src/routes/machine.astro' },
    // Page 1 at the base, later pages at /page/{n} (the rest parameter).
    { pattern: `${articleBase}/[...page]`, entrypoint: './src/routes/article-list.astro' },
    { pattern: `${articleBase}/[handle]`, entrypoint: './src/routes/article.astro' },
    // The servers' map for the legacy /Articles.asp?ID={id} links (never served itself).
    { pattern: ARTICLE_REDIRECTS_PATH, entrypoint: './src/routes/article-redirects.ts' },
    // And for a question's older addresses (/questions/{id}/{an older handle}).
    { pattern: QUESTION_REDIRECTS_PATH, entrypoint: './src/routes/question-redirects.ts' },
  ];
  return {
    name: 'store-routes',
    hooks: {
      'astro:config:setup': ({ injectRoute }) => {
        for (const route of routes) injectRoute(route);
      },
    },
  };
}
