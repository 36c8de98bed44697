import { progressText } from './page/model.js';
import type { PublishRecord } from './types.ts';

/**
 * A publish's progress in a terminal (issue 33, item 8): the publish page's own line (phase,
 * pages done of total, time left), not astro's line a page. In a terminal the line is
 * rewritten in place; in a log (CI, a service) a line is written when the phase changes and
 * then at most every LOG_EVERY_MS while pages are written, so 100,000 pages make a few dozen
 * lines. `npm start -- --verbose` and `npm run publish -- --local --verbose` show astro's
 * output instead.
 */

/** How often a log (not a terminal) gets a line while one phase goes on. */
export const LOG_EVERY_MS = 10_000;

interface Output {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** A listener for a publisher's updates that prints them to `out`. */
export function progressPrinter(
  out: Output = process.stdout,
  now: () => number = Date.now,
): (record: PublishRecord) => void {
  let last = '';
  let lastPhase = '';
  let lastAt = 0;
  let open = false;
  return (record) => {
    // Waiting for the lock is a moment for the first publish; the page says so, not the log.
    if (record.state === 'queued') return;
    const ended = record.state === 'done' || record.state === 'failed';
    const line = `${record.id} ${progressText(record)}`;
    if (ended) {
      // The in-place line ends; the caller prints the summary.
      if (open) out.write('\n');
      open = false;
      return;
    }
    if (line === last) return;
    last = line;
    if (out.isTTY) {
      out.write(`\r\u001b[2K${line}`);
      open = true;
      return;
    }
    const phase = `${record.state}/${record.progress.phase}`;
    if (phase === lastPhase && now() - lastAt < LOG_EVERY_MS) return;
    lastPhase = phase;
    lastAt = now();
    out.write(`${line}\n`);
  };
}

/** One line for a publish that has ended: what it did, or why it failed. */
export function publishSummary(record: PublishRecord): string {
  if (record.state === 'failed') return `Publish ${record.id} failed: ${record.error ?? ''}`;
  if (record.kind === 'rollback') return `Rolled back: release ${record.release ?? ''} is live.`;
  const counts = record.counts;
  const seconds = ((record.durationMs ?? 0) / 1000).toFixed(1);
  return counts
    ? `Published ${record.id} in ${seconds} s: ${String(counts.rendered)} of ${String(counts.pages)} pages rendered, ` +
        `${String(counts.searchRecords)} search records, ${String(counts.compressed)} files compressed ` +
        `(${String(counts.reusedCompressed)} reused).`
    : `Published ${record.id} in ${seconds} s.`;
}
