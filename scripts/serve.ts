// `npm run serve`: serve an existing build (BUILD_OUT_DIR) and proxy to a running API (API_URL),
// with the same TRUST_PROXY, PROXY_SECRET and ADMIN_API_PUBLIC the API and nginx read, on HOST
// and PORT. `npm start` runs this as its web server's process (stack/site-process.ts), with
// PUBLISH_UPSTREAM naming its publisher.
import { mediaDir } from '../server/index.ts';
import { env } from '../shared/env.ts';
import { startStaticServer } from '../web/static-server.ts';
import { parseTrustedProxies } from '../web/trusted-proxies.ts';

if (!env.PROXY_SECRET) {
  console.warn(
    'PROXY_SECRET is unset: the API will not believe the forwarded client address, scheme and host.',
  );
}
const site = await startStaticServer({
  distDir: env.BUILD_OUT_DIR,
  apiUrl: env.API_URL,
  port: env.PORT,
  host: env.HOST,
  mediaDir: mediaDir(env.DATA_DIR),
  trustedRanges: parseTrustedProxies(env.TRUST_PROXY),
  adminPublic: env.ADMIN_API_PUBLIC,
  ...(env.PROXY_SECRET ? { proxySecret: env.PROXY_SECRET } : {}),
  ...(env.PUBLISH_UPSTREAM ? { publishUpstream: env.PUBLISH_UPSTREAM } : {}),
});
// The stop handlers first, as the API's (server/main.ts): a signal may follow the line at once.
process.on('SIGINT', () => void site.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void site.close().then(() => process.exit(0)));
// stack/site-process.ts waits for this line and reads the address from it.
console.log(`Serving ${env.BUILD_OUT_DIR} at ${site.url}, API at ${env.API_URL}`);
