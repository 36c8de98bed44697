// `npm run serve`: serve an existing build (BUILD_OUT_DIR) and proxy to a running API (API_URL).
import { env } from '../src/lib/env.ts';
import { startStaticServer } from './lib/static-server.ts';

const site = await startStaticServer({
  distDir: env.BUILD_OUT_DIR,
  apiUrl: env.API_URL,
  port: env.PORT,
});
console.log(`Serving ${env.BUILD_OUT_DIR} at ${site.url}, API at ${env.API_URL}`);
process.on('SIGINT', () => void site.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void site.close().then(() => process.exit(0)));
