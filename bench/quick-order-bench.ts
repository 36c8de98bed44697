import type { ResolveLine } from '../shared/contracts/quick-order.ts';
import { resolveReplySchema } from '../shared/contracts/quick-order.ts';
import { percentile } from './percentile.ts';
import { spelled } from '../shared/parts/buyer-spellings.ts';

/**
 * The quick order's resolve call at size (issue 32, item 3): "at 100,000 products, 200 lines
 * resolve in ≤ 1.5 s p95". Each call sends a buyer's list of 200 lines drawn from the store's
 * own records: part numbers spelled as buyers type them (case, spaces, dots), other makers'
 * numbers, a slip of a key, and numbers the store does not have.
 */

export const QUICK_ORDER_TARGET = { lines: 200, p95Ms: 1500 } as const;

/** Calls timed; the first two warm the API's statements and are not counted. */
const CALLS = 32;
const WARM_UP = 2;

export interface QuickOrderFigures {
  calls: number;
  lines: number;
  p50Ms: number;
  p95Ms: number;
  /** Share of lines resolved to one product (the list's known numbers in other spellings). */
  resolvedShare: number;
  errors: number;
}

interface BulkRecord {
  sku: string;
  CrossReferences?: { number: string; relation: string }[];
}

/** A list of `lines` lines from `records`, varied by `seed` (deterministic). */
export function benchOrder(
  records: readonly BulkRecord[],
  lines: number,
  seed: number,
): ResolveLine[] {
  const out: ResolveLine[] = [];
  for (let index = 0; out.length < lines && records.length > 0; index += 1) {
    const record = records[(seed * 7919 + index * 104_729) % records.length];
    if (!record?.sku) continue;
    const kind = index % 10;
    const reference = record.CrossReferences?.find((ref) => ref.relation !== 'superseded-by');
    const part =
      kind === 8 && reference
        ? reference.number
        : kind === 9
          ? `${record.sku.slice(0, -1)}Q` // a slip of a key, or a number the store lacks
          : spelled(record.sku, index);
    out.push({ part, quantity: 1 + (index % 4) });
  }
  return out;
}

/** Times CALLS resolve calls of QUICK_ORDER_TARGET.lines lines against a running API. */
export async function benchQuickOrder(
  apiUrl: string,
  adminToken: string,
): Promise<QuickOrderFigures> {
  const reply = await fetch(new URL('/api/products/bulk?afterId=0&limit=1000', apiUrl), {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const { products } = (await reply.json()) as { products: BulkRecord[] };
  const origin = new URL(apiUrl).origin;
  const latencies: number[] = [];
  let errors = 0;
  let resolved = 0;
  let lines = 0;
  for (let call = 0; call < CALLS + WARM_UP; call += 1) {
    const order = benchOrder(products, QUICK_ORDER_TARGET.lines, call);
    const started = performance.now();
    const answer = await fetch(new URL('/api/quick-order/resolve', apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ lines: order }),
    });
    const body: unknown = await answer.json();
    const ms = performance.now() - started;
    if (call < WARM_UP) continue;
    if (!answer.ok) {
      errors += 1;
      continue;
    }
    latencies.push(ms);
    const parsed = resolveReplySchema.parse(body).lines;
    lines += parsed.length;
    resolved += parsed.filter(
      (line) => line.status === 'resolved' || line.status === 'options',
    ).length;
  }
  return {
    calls: latencies.length,
    lines: QUICK_ORDER_TARGET.lines,
    p50Ms: Number(percentile(latencies, 50).toFixed(1)),
    p95Ms: Number(percentile(latencies, 95).toFixed(1)),
    resolvedShare: lines === 0 ? 0 : Number((resolved / lines).toFixed(3)),
    errors,
  };
}
