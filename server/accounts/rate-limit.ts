import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { jsonError } from '../http/errors.ts';
import { requestOrigin } from '../http/forwarded.ts';

/** A fixed-window limit: at most `max` calls per `windowMs` for one key. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * The caller's address as server/http/forwarded.ts decided it: the web server's
 * X-Forwarded-For on requests it vouched for with the proxy secret, else the socket's peer,
 * else 'unknown' (one shared bucket). A header from anyone else counts for nothing
 * (eight recovery calls with changing X-Forwarded-For all passed the limit).
 */
export function clientAddress(c: Context): string {
  return requestOrigin(c).clientAddress;
}

/**
 * An in-memory counter per key. Good for one API process, which is what the reference API
 * is; a fleet would keep the counters in shared storage.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private readonly now: () => number;
  constructor(now: () => number) {
    this.now = now;
  }

  /** The seconds to wait when `key` is already over the limit, else 0; counts nothing. */
  peek(key: string, limit: Limit): number {
    const at = this.now();
    const entry = this.hits.get(key);
    if (entry === undefined || entry.resetAt <= at || entry.count < limit.max) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - at) / 1000));
  }

  /** Counts one call; returns the seconds to wait when it is over the limit, else 0. */
  take(key: string, limit: Limit): number {
    const at = this.now();
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (v.resetAt <= at) this.hits.delete(k);
    }
    const entry = this.hits.get(key);
    if (entry === undefined || entry.resetAt <= at) {
      this.hits.set(key, { count: 1, resetAt: at + limit.windowMs });
      return 0;
    }
    entry.count += 1;
    return entry.count > limit.max ? Math.max(1, Math.ceil((entry.resetAt - at) / 1000)) : 0;
  }
}

/**
 * Refuses calls over the limit with 429 and Retry-After (seconds). `name` separates the
 * counters of different routes that share one limiter.
 */
export function rateLimit(limiter: RateLimiter, name: string, limit: Limit): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const wait = limiter.take(`${name}|${clientAddress(c)}`, limit);
    if (wait > 0) return tooMany(c, wait);
    return next();
  });
}

/** The 429 reply. */
export function tooMany(c: Context, seconds: number) {
  c.header('Retry-After', String(seconds));
  return jsonError(c, 429, 'Too many attempts. Please wait a few minutes and try again.');
}
