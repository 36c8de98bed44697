// Imported first by playwright.config.ts (issue 28: no merchandiser token is a constant).
// `npm test` passes its throwaway store's token as ADMIN_TOKEN; on its own, `npm run
// test:e2e` makes one here, before shared/env.ts reads the environment in this process and
// before the store and the workers start, so that they all inherit the same one. This module
// imports nothing of ours: an import of env.ts would read the environment before the write.
import { randomBytes } from 'node:crypto';

// The one write to the environment outside shared/env.ts, for the reason above.
process.env.ADMIN_TOKEN ??= randomBytes(32).toString('base64url');
