import { env } from '../../shared/env.ts';

/**
 * The merchandiser token of the store under test, for the specs' merchandiser calls and the
 * publish page: `npm test` passes its store's, `npm run test:e2e` makes one
 * (./admin-token-first.ts).
 */
export function e2eAdminToken(): string {
  if (!env.ADMIN_TOKEN) {
    throw new Error(
      'ADMIN_TOKEN is not set: run the browser tests through npm test or npm run test:e2e.',
    );
  }
  return env.ADMIN_TOKEN;
}
