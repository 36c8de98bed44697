// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { storeRoutes } from './src/integrations/store-routes.ts';
import { serializeSitemapItem, sitemapFilter } from './src/lib/content/sitemap-xml.ts';
import { env } from './src/lib/env.ts';

// https://docs.astro.build/en/reference/configuration-reference/
export default defineConfig({
  site: env.SITE_URL,
  outDir: env.BUILD_OUT_DIR,
  cacheDir: env.BUILD_CACHE_DIR,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [
    storeRoutes(),
    react(),
    sitemap({
      entryLimit: 50_000,
      // Indexable pages only (no noindex, redirect, later list page or 404), each under the
      // URL a visitor uses (/help.asp rather than /help/).
      filter: sitemapFilter(env.BUILD_OUT_DIR),
      serialize: serializeSitemapItem,
    }),
  ],
  experimental: {
    // Unchanged product pages are skipped on a rebuild (DESIGN, build pipeline 6).
    incrementalBuild: true,
    // 100,000 products do not fit one JSON file comfortably (DESIGN, build pipeline 7).
    collectionStorage: 'chunked',
  },
});
