import type { Hono } from 'hono';
import type { OutboxMailer } from '../accounts/outbox.ts';
import type { Deps } from '../deps.ts';
import { queryInt } from '../http/input.ts';
import { merchandiserApp } from '../http/merchandiser-auth.ts';

/**
 * GET /api/admin/outbox[?to=&limit=] -> {emails}, newest first: every email the store sent
 * (verification, password reset and recovery-email links). Merchandiser token required.
 * Mounted only with the outbox transport, so never in production, where mail goes over SMTP
 * and this list would hand the token's holder every customer's reset link.
 */
export function outboxRoutes(
  deps: Pick<Deps, 'adminToken' | 'tokenFailures'>,
  outbox: OutboxMailer,
): Hono {
  return merchandiserApp(deps).get('/', (c) => {
    const to = c.req.query('to')?.trim() || undefined;
    const limit = queryInt(c, 'limit', { fallback: 100, min: 1, max: 1000 });
    c.header('Cache-Control', 'no-store');
    return c.json({ emails: outbox.list(to, limit) });
  });
}
