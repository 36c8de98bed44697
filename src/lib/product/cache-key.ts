import { createHash } from 'node:crypto';

/**
 * A page's incremental-build key (DESIGN, build pipeline 6) from everything the page
 * renders that can change: its own record's digest, the records it shows beside it, and
 * the build day when the page carries a date (an offer valid for a week).
 * @example pageCacheKey(['digest-1', 'q:3', '2024-06-01']) // 'a3f1...' (24 hex digits)
 */
export function pageCacheKey(parts: readonly (string | number | null | undefined)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part ?? ''}\u0000`);
  return hash.digest('hex').slice(0, 24);
}
