// `npm run build`: the static site from the API at API_URL (which must be running).
import { env } from '../src/lib/env.ts';
import { buildSite } from './lib/build-site.ts';

const report = await buildSite({
  apiUrl: env.API_URL,
  outDir: env.BUILD_OUT_DIR,
  cacheDir: env.BUILD_CACHE_DIR,
});
console.log(
  `Built ${report.pages} pages in ${(report.astroMs / 1000).toFixed(1)} s; ` +
    `indexed ${report.searchRecords} products in ${(report.pagefindMs / 1000).toFixed(1)} s; ` +
    `compressed ${report.compression.compressed} files and wrote the web server files in ` +
    `${(report.serverFilesMs / 1000).toFixed(1)} s.`,
);
