import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { RateLimiter, rateLimit } from '../accounts/rate-limit.ts';
import type { Deps } from '../deps.ts';
import { CspReportLog, parseCspReports } from '../http/csp-reports.ts';
import { merchandiserApp } from '../http/merchandiser-auth.ts';

/** A report is a few hundred bytes; a batch of the Reporting API a few KB. */
const MAX_REPORT_BYTES = 64 * 1024;
/** Reports one client address may send a minute; past it they are dropped unread. */
export const CSP_REPORT_LIMIT = { max: 60, windowMs: 60_000 };

const REPORT_TYPES = /^application\/(?:csp-report|reports\+json|json)\b/i;

/**
 * POST /api/csp-reports: where the pages' Content-Security-Policy sends violation reports
 * (server/http/csp-reports.ts). Always 204, whatever came: browsers do not read the answer,
 * and a prober learns nothing. Rate-limited per client address; no cookies, no CSRF check (a
 * report changes nothing but the operator's list).
 */
export function cspReportRoutes(deps: Pick<Deps, 'now'>, log: CspReportLog): Hono {
  const app = new Hono();
  const limiter = new RateLimiter(deps.now);
  app.post(
    '/',
    rateLimit(limiter, 'csp-reports', CSP_REPORT_LIMIT),
    bodyLimit({ maxSize: MAX_REPORT_BYTES, onError: (c) => c.body(null, 413) }),
    async (c) => {
      if (REPORT_TYPES.test(c.req.header('content-type') ?? '')) {
        try {
          log.add(parseCspReports(JSON.parse(await c.req.text())));
        } catch {
          // Not JSON: not a report.
        }
      }
      return c.body(null, 204);
    },
  );
  return app;
}

/**
 * GET /api/admin/csp-reports -> {reports}: each kind of violation once, with its count and
 * when it was first and last seen, the newest first. Merchandiser token required.
 */
export function cspReportAdminRoutes(
  deps: Pick<Deps, 'adminToken' | 'tokenFailures'>,
  log: CspReportLog,
): Hono {
  return merchandiserApp(deps).get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ reports: log.list() });
  });
}
