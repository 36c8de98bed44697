import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isHttps as reachedOverHttps } from './forwarded.ts';
import { CSP_REPORT_GROUP, CSP_REPORT_PATH, REPORTING_ENDPOINTS } from './csp-reports.ts';

/**
 * API paths whose replies carry personal data ("Cache-Control: no-store for
 * personal data"): the cart, the account, sign-in, addresses, the wallet, the recovery email,
 * a customer's orders, the external checkout, quotes, contact messages, the bot check's
 * challenges and the merchandiser API. A prefix covers itself and everything below it.
 */
export const PERSONAL_PATHS = [
  '/api/checkouts',
  '/api/external-checkout',
  '/api/orders',
  '/api/quoteRequests',
  '/api/contactMessages',
  '/api/user',
  '/api/customer',
  '/api/auth',
  '/api/mailingAddresses',
  '/api/botCheck',
  '/api/admin',
];

/** Browser features no page of the API uses; a framed or injected script gets none of them. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** One year, without includeSubDomains: other hosts of the domain are not ours to pin. */
export const DEFAULT_HSTS = 'max-age=31536000';

/** A CSP source for exactly this inline text: `'sha256-...'`. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of an HTML page the API answers (no 'unsafe-inline'
 * for scripts, frame-ancestors 'none', object-src 'none', base-uri 'self'). Everything is
 * refused but what is named: inline `<style>` and `<script>` elements by the hash of their
 * exact text, forms back to this origin only.
 *
 * @example htmlPolicy({ styles: [PAGE_STYLE], scripts: [CLOSE_SCRIPT] })
 */
export function htmlPolicy({
  styles = [],
  scripts = [],
}: { styles?: string[]; scripts?: string[] } = {}): string {
  const directives = [
    "default-src 'none'",
    ...(styles.length ? [`style-src ${styles.map(cspHash).join(' ')}`] : []),
    ...(scripts.length ? [`script-src ${scripts.map(cspHash).join(' ')}`] : []),
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ];
  return directives.join('; ');
}

/** Options of {@link securityHeaders}. */
export interface SecurityHeadersOptions {
  /** Path prefixes answered with Cache-Control: no-store. */
  personalPaths?: string[];
  /** The policy of an HTML reply that did not set its own (built with {@link htmlPolicy}). */
  defaultHtmlPolicy?: string;
  /** The Strict-Transport-Security value sent when the shopper reached us over https. */
  hsts?: string;
  /** Whether the shopper's side of the connection is https (behind the proxy, its word). */
  isHttps?: (c: Context) => boolean;
}

const underAny = (path: string, prefixes: string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * The API's own response headers ("JSON replies" and "Every HTML response"):
 * - every reply: X-Content-Type-Options: nosniff, and Referrer-Policy: same-origin: the
 *   API's pages and redirects carry capabilities in their URLs (a checkout id, a token) that
 *   must not leave the store. Not no-referrer: under it a browser sends `Origin: null` with
 *   a form POST, and the pages' own forms are let through by their Origin (guard.ts);
 * - personal paths, and any reply that sets a cookie: Cache-Control: no-store (a cached
 *   Set-Cookie would hand one shopper's session to the next);
 * - HTML: a Content-Security-Policy (the route's own, or `defaultHtmlPolicy`),
 *   Permissions-Policy and X-Frame-Options for browsers older than frame-ancestors;
 * - over https: Strict-Transport-Security.
 * Headers a route set itself (the media routes' caching and SVG policy) are kept, except a
 * weaker Cache-Control on a personal path.
 */
export function securityHeaders({
  personalPaths = PERSONAL_PATHS,
  defaultHtmlPolicy = htmlPolicy(),
  hsts = DEFAULT_HSTS,
  isHttps = reachedOverHttps,
}: SecurityHeadersOptions = {}): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'same-origin');
    if (underAny(c.req.path, personalPaths) || headers.getSetCookie().length > 0) {
      headers.set('Cache-Control', 'no-store');
    }
    if (/^text\/html\b/i.test(headers.get('content-type') ?? '')) {
      if (!headers.has('Content-Security-Policy')) {
        headers.set('Content-Security-Policy', defaultHtmlPolicy);
      }
      headers.set('Permissions-Policy', PERMISSIONS_POLICY);
      headers.set('X-Frame-Options', 'DENY');
      headers.set('Reporting-Endpoints', REPORTING_ENDPOINTS);
    }
    if (isHttps(c)) headers.set('Strict-Transport-Security', hsts);
  });
}
