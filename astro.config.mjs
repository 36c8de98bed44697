// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { interactDirective } from './src/integrations/interact-directive/index.ts';
import { parallelPrerender } from './src/integrations/parallel-prerender/index.ts';
import { storeRoutes } from './src/integrations/store-routes.ts';
import {
  keepUnlisted,
  serializeSitemapItem,
  sitemapFilter,
} from './src/lib/content/sitemap-xml.ts';
import { env } from './shared/env.ts';
import { SEARCH_RECORDS_URL } from './src/lib/search/search-record.ts';

// Indexable pages only (no noindex, redirect, later list page or 404); the pages left out by
// their heads are kept for the next warm publish (src/lib/content/sitemap-xml.ts).
const sitemapPages = sitemapFilter(env.BUILD_OUT_DIR);

// https://docs.astro.build/en/reference/configuration-reference/
export default defineConfig({
  site: env.SITE_URL,
  outDir: env.BUILD_OUT_DIR,
  cacheDir: env.BUILD_CACHE_DIR,
  output: 'static',
  trailingSlash: 'ignore',
  // Every stylesheet is a file (issue 33, item 5): Astro's default inlined the small ones, 12 KB
  // of CSS in each of 125,000 pages, where a shopper's browser caches the file once.
  build: { format: 'directory', inlineStylesheets: 'never' },
  // A scoped style's mark is a class (` astro-xxxxxxxx`, 15 bytes, or ` class="astro-xxxxxxxx"`
  // where there is none) rather than an attribute (` data-astro-cid-xxxxxxxx`, 24): the same
  // specificity (0,1,0) and several hundred marks a page (issue 33, item 5).
  scopedStyleStrategy: 'class',
  vite: {
    // nanostores in one chunk: every page's islands use its atom, computed, lifecycle and task
    // modules, which the bundler had split into four small files (issue 30: 370 bytes
    // gzipped less on every page, and three requests fewer).
    build: {
      // No script inlined into the page either: a page's small scripts (the manual viewer, the
      // tabs, ...) were sent again with every page; as files they are fetched once and cached.
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'nanostores', test: /node_modules[\\/]nanostores[\\/]/ }],
          },
        },
      },
    },
  },
  integrations: [
    storeRoutes(),
    // client:interact: the header's islands hydrate when the shopper reaches for them.
    interactDirective(),
    // Pages render on one worker thread per core (docs/performance.md, "Build at scale"), with
    // the props the build process made; only the build process loads the products.
    parallelPrerender({
      workers: env.PRERENDER_WORKERS,
      keepDir: env.BUILD_RENDERER_DIR,
      memoryLog: env.PRERENDER_MEMORY_LOG,
      buildProcessCollections: ['products'],
      renderFirst: [SEARCH_RECORDS_URL],
    }),
    // Islands are rendered with renderToString rather than through a web stream: nothing here
    // suspends, and the stream's machinery was a tenth of the build (docs/performance.md,
    // "Build at scale"). patches/@astrojs+react+7.0.0.patch passes the island's useId prefix
    // along, as the streaming path does, so ids match on hydration.
    react({ experimentalDisableStreaming: true }),
    sitemap({
      entryLimit: 50_000,
      // Each page under the URL a visitor uses (/help.asp rather than /help/).
      filter: sitemapPages,
      serialize: serializeSitemapItem,
    }),
    keepUnlisted(sitemapPages, env.BUILD_OUT_DIR),
  ],
  experimental: {
    // Unchanged product pages are skipped on a rebuild (DESIGN, build pipeline 6).
    incrementalBuild: true,
    // 100,000 products do not fit one JSON file comfortably (DESIGN, build pipeline 7).
    collectionStorage: 'chunked',
  },
});
