import { spawn } from 'node:child_process';
import { percentile } from './percentile.ts';

export interface LoadResult {
  requests: number;
  errors: number;
  latenciesMs: number[];
}

export interface LoadSummary {
  requests: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  perSecond: number;
}

/**
 * A bounded load on loopback URLs from a process of its own (bench/load-client.ts), so
 * the timings are not skewed by the load generator sharing an event loop with a server.
 */
export function runLoad(
  urls: string[],
  options: { concurrency: number; seconds: number },
): Promise<LoadResult> {
  const plan = {
    urls,
    concurrency: options.concurrency,
    durationMs: options.seconds * 1000,
    maxRequests: 200_000,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/load-client.ts', JSON.stringify(plan)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as LoadResult)
        : reject(new Error(`load client exit ${String(code)}`)),
    );
  });
}

/** Requests, errors, p50/p95 and throughput of a load run of `seconds`. */
export const summarize = (result: LoadResult, seconds: number): LoadSummary => ({
  requests: result.requests,
  errors: result.errors,
  p50Ms: Number(percentile(result.latenciesMs, 50).toFixed(2)),
  p95Ms: Number(percentile(result.latenciesMs, 95).toFixed(2)),
  perSecond: Math.round(result.requests / seconds),
});
