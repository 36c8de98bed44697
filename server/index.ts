/**
 * What the reference API offers the parts above it (the publisher, the web layer, the stack
 * and the bench, and the entry points in scripts/): everything they may import from server/
 * is named here, and tests/unit/layers.test.ts refuses an import of anything else. Tests may
 * also use the harness in server/testing/.
 */

// Running the API and its data.
export { databaseFile, startApi, type ApiServer, type StartOptions } from './main.ts';
export { assertDeployable } from './config/production.ts';
export { isCatalogueEmpty, openDatabase, type Database } from './db/open.ts';
export { seedDemo } from './seed/index.ts';
export { densifyFitment } from './seed/dense-fitment.ts';
export { parseSeedArgs, runSeedCli, type CliIo } from './seed/cli.ts';
export { exportMedia, mediaDir, mediaUrlsIn, type ExportCounts } from './media/export.ts';

// What the web servers must agree on with the API.
export { MEDIA_FOLDERS } from './media/names.ts';
export { CONNECTIONS_PER_ADDRESS } from './realtime/limits.ts';
export { CSP_REPORT_GROUP, CSP_REPORT_PATH, REPORTING_ENDPOINTS } from './http/csp-reports.ts';
export { PERMISSIONS_POLICY } from './http/security-headers.ts';

// The HTTP toolkit the publish service is built with, so its answers read like the API's.
export { handleError, HttpError, jsonError } from './http/errors.ts';
export { forwarded } from './http/forwarded.ts';
export { merchandiserAuth } from './http/merchandiser-auth.ts';
export { merchandiserActor, type AdminEnv } from './routes/admin-actor.ts';
export type { Change } from './routes/changes.ts';
