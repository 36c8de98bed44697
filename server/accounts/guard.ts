import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { publicOrigin } from '../cart/session.ts';
import type { Deps } from '../deps.ts';
import { HttpError, jsonError } from '../http/errors.ts';
import { originIsOneOf } from '../http/forwarded.ts';
import { sessionCustomerId } from './session.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie-authenticated calls: every POST, PUT, PATCH and DELETE must say
 * Content-Type: application/json (a cross-site form cannot, and a cross-site fetch with it
 * needs a CORS preflight we never grant) and carry an Origin equal to the store's own (the
 * origin the shopper sees, behind the proxy). DELETE sends the header with no body.
 */
export function sameOriginJson(): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    if (!MUTATING.has(c.req.method)) return next();
    if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      return jsonError(c, 415, 'Send the request as JSON (Content-Type: application/json).');
    }
    if (!isSameOrigin(c)) return jsonError(c, 403, 'This request must come from the store itself.');
    return next();
  });
}

/** Whether the request's Origin header names the store's own origin. */
export function isSameOrigin(c: Context): boolean {
  return originIsOneOf(c.req.header('origin'), [publicOrigin(c)]);
}

/** The signed-in customer's id, or a 401 (every account route but sign-in needs one). */
export function requireCustomerId(deps: Deps, c: Context): number {
  const id = sessionCustomerId(c, deps.db, deps.now());
  if (id === undefined) throw new HttpError(401, 'Please sign in to continue.');
  return id;
}

/**
 * The `{id}` of /api/user/{id}/... or /api/customer/{customerId}/...: it must be the
 * signed-in customer's own, or the call gets 403 (a customer reads only their own records).
 */
export function requireOwnId(deps: Deps, c: Context, param: string): number {
  const customerId = requireCustomerId(deps, c);
  const raw = c.req.param(param);
  if (raw !== String(customerId)) {
    throw new HttpError(403, 'You can only see and change your own account.');
  }
  return customerId;
}
