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
 * `signal` ends it early (at most 120 s in any case), with what it measured until then.
 */
export function runLoad(
  urls: string[],
  options: { concurrency: number; seconds: number; signal?: AbortSignal },
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
    options.signal?.addEventListener('abort', () => child.kill('SIGTERM'), { once: true });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code, signal) => {
      if (code === 0) resolve(JSON.parse(out) as LoadResult);
      // Stopped before it could hear the signal: nothing was measured.
      else if (signal === 'SIGTERM' && options.signal?.aborted)
        resolve({ requests: 0, errors: 0, latenciesMs: [] });
      else reject(new Error(`load client exit ${String(code ?? signal)}`));
    });
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
