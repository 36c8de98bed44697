import { Hono } from 'hono';
import { listOutbox } from '../accounts/outbox.ts';
import type { Deps } from '../deps.ts';
import { queryInt } from '../http/input.ts';
import { bearerAuth } from './admin.ts';

/**
 * GET /api/admin/outbox[?to=&limit=] -> {emails}, newest first: every email the store sent
 * (verification, password reset and recovery-email links). Merchandiser token required.
 */
export function outboxRoutes({ db, adminToken }: Deps): Hono {
  const app = new Hono();
  app.use('*', bearerAuth({ token: adminToken }));
  app.get('/', (c) => {
    const to = c.req.query('to')?.trim() || undefined;
    const limit = queryInt(c, 'limit', { fallback: 100, min: 1, max: 1000 });
    c.header('Cache-Control', 'no-store');
    return c.json({ emails: listOutbox(db, to, limit) });
  });
  return app;
}
