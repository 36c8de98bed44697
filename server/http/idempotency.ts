import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/open.ts';
import { jsonError } from './errors.ts';
import { MAX_JSON_BYTES } from './input.ts';

/** Options of {@link idempotency}. */
export interface IdempotencyOptions {
  db: Database;
  /**
   * The caller's scope, asked before the handler runs and again after it: a key only
   * collides with the same key in the same scope ("scoped to the checkout"). When the
   * handler changed the scope (it created a checkout), the reply is filed under both. A scope
   * must be something only that caller holds: a replay hands over the first
   * reply whole, Set-Cookie included (server/cart/owner.ts).
   */
  scope: (c: Context) => string;
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now?: () => number;
  /** How long a key is remembered. */
  ttlHours?: number;
  /** How long a key may stay in flight (say, after a crash) before a retry may take it over. */
  leaseSeconds?: number;
  /** Largest body hashed; a bigger one is passed to the handler (which refuses it) untracked. */
  maxBodyBytes?: number;
}

/** A key: 1 to 255 visible ASCII characters (a UUID in practice). */
const KEY = /^[\x21-\x7e]{1,255}$/;
/** Reply headers a replay repeats; Set-Cookie matters most (it carries a new checkout). */
const REPLAYED_HEADERS = new Set(['content-type', 'location', 'cache-control']);

interface KeyRow {
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  response_headers: string | null;
}

function statements(db: Database) {
  return {
    purge: db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?'),
    // Takes the key when it is new, expired, or stuck in flight past its lease, atomically.
    claim: db.prepare(
      `INSERT INTO idempotency_keys (scope, key, request_hash, state, created_at)
       VALUES (:scope, :key, '', 'in_flight', :now)
       ON CONFLICT (scope, key) DO UPDATE SET request_hash = '', state = 'in_flight',
         response_status = NULL, response_body = NULL, response_headers = NULL,
         created_at = excluded.created_at
       WHERE (state = 'in_flight' AND created_at <= :leaseCutoff)
          OR (state = 'done' AND created_at <= :ttlCutoff)`,
    ),
    find: db.prepare(
      `SELECT request_hash, state, response_status, response_body, response_headers
       FROM idempotency_keys WHERE scope = ? AND key = ?`,
    ),
    // Every later step names the claim by its time: a takeover always has a later one.
    setHash: db.prepare(
      `UPDATE idempotency_keys SET request_hash = ?
       WHERE scope = ? AND key = ? AND state = 'in_flight' AND created_at = ?`,
    ),
    release: db.prepare(
      `DELETE FROM idempotency_keys
       WHERE scope = ? AND key = ? AND state = 'in_flight' AND created_at = ?`,
    ),
    finish: db.prepare(
      `UPDATE idempotency_keys SET state = 'done', response_status = ?, response_body = ?,
         response_headers = ? WHERE scope = ? AND key = ? AND state = 'in_flight' AND created_at = ?`,
    ),
    fileAlso: db.prepare(
      `INSERT OR IGNORE INTO idempotency_keys (scope, key, request_hash, state, response_status,
         response_body, response_headers, created_at) VALUES (?, ?, ?, 'done', ?, ?, ?, ?)`,
    ),
  };
}

/** sha256 of method, path with query, and body; undefined when the body is too large. */
async function requestHash(c: Context, maxBytes: number): Promise<string | undefined> {
  if (Number(c.req.header('content-length') ?? 0) > maxBytes) return undefined;
  // HonoRequest caches the text, so the handler's readJson reads the same body again.
  const body = await c.req.text();
  if (Buffer.byteLength(body) > maxBytes) return undefined;
  const url = new URL(c.req.url);
  return createHash('sha256')
    .update(`${c.req.method}\n${url.pathname}${url.search}\n`)
    .update(body)
    .digest('hex');
}

function replay(row: KeyRow): Response {
  const headers = new Headers();
  for (const [name, value] of JSON.parse(row.response_headers ?? '[]') as [string, string][]) {
    headers.append(name, value);
  }
  headers.set('idempotent-replayed', 'true');
  return new Response(row.response_body, { status: row.response_status ?? 200, headers });
}

function headersToKeep(response: Response): [string, string][] {
  const kept: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (REPLAYED_HEADERS.has(name)) kept.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie()) kept.push(['set-cookie', cookie]);
  return kept;
}

/**
 * Honours an `Idempotency-Key` header on mutating calls (spec storefront 7: mutating cart
 * calls carry one and retry up to 30 times):
 * - a repeat with the same key, method, path and body replays the first reply (status, body,
 *   Content-Type and Set-Cookie) without running the handler again;
 * - the same key with another request gets 422; a key still in flight gets 409;
 * - keys expire after `ttlHours`; expired ones are deleted as calls come in;
 * - 5xx, 409 and 429 replies are not kept (a retry may succeed), 2xx and other 4xx are.
 * Calls without the header, and GET/HEAD/OPTIONS, pass through untouched.
 *
 * @example app.post('/lineItems', idempotency({ db, scope: cartScope(db) }), handler)
 */
export function idempotency({
  db,
  scope,
  now = () => Date.now(),
  ttlHours = 24,
  leaseSeconds = 60,
  maxBodyBytes = MAX_JSON_BYTES,
}: IdempotencyOptions): MiddlewareHandler {
  const st = statements(db);
  return createMiddleware(async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || ['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next();
    if (!KEY.test(key)) {
      return jsonError(c, 400, 'The Idempotency-Key header must be 1 to 255 visible characters.');
    }
    const at = now();
    const ttlCutoff = at - ttlHours * 3_600_000;
    st.purge.run(ttlCutoff);
    const before = scope(c);
    const claimed =
      st.claim.run({
        scope: before,
        key,
        now: at,
        ttlCutoff,
        leaseCutoff: at - leaseSeconds * 1000,
      }).changes === 1;

    if (!claimed) {
      const row = st.find.get(before, key) as KeyRow | undefined;
      if (row === undefined || row.state === 'in_flight') {
        return jsonError(c, 409, 'This request is still being processed. Please try again.');
      }
      const hash = await requestHash(c, maxBodyBytes);
      if (hash !== row.request_hash) {
        return jsonError(
          c,
          422,
          'This Idempotency-Key was already used for a different request. Use a new key.',
        );
      }
      return replay(row);
    }

    let hash: string | undefined;
    try {
      hash = await requestHash(c, maxBodyBytes);
    } catch (error) {
      st.release.run(before, key, at);
      throw error;
    }
    if (hash === undefined) {
      st.release.run(before, key, at);
      return next();
    }
    if (st.setHash.run(hash, before, key, at).changes === 0) {
      // Another request took the key over while this body was arriving (past the lease).
      return jsonError(c, 409, 'This request is still being processed. Please try again.');
    }
    try {
      await next();
    } catch (error) {
      st.release.run(before, key, at);
      throw error;
    }
    const status = c.res.status;
    if (status >= 500 || status === 409 || status === 429) {
      st.release.run(before, key, at);
      return;
    }
    const body = await c.res.clone().text();
    const headers = JSON.stringify(headersToKeep(c.res));
    st.finish.run(status, body, headers, before, key, at);
    const after = scope(c);
    if (after !== before) st.fileAlso.run(after, key, hash, status, body, headers, at);
  });
}
