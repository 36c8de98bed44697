import { describe, expect, it } from 'vitest';
import { LOG_EVERY_MS, progressPrinter, publishSummary } from './terminal-progress.ts';
import type { PublishRecord } from './types.ts';

// Issue 33, item 8: the terminal shows a publish's progress, not a line a page.

function record(
  progress: Partial<PublishRecord['progress']>,
  state: PublishRecord['state'] = 'running',
): PublishRecord {
  return {
    id: '20261129-083000-abcd',
    kind: 'publish',
    state,
    progress: { phase: 'build', pagesDone: 0, pagesTotal: 0, secondsLeft: null, ...progress },
  } as PublishRecord;
}

function output(isTTY: boolean) {
  const written: string[] = [];
  return { out: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('progressPrinter', () => {
  it('rewrites one line in place in a terminal, and ends it when the publish ends', () => {
    const { out, written } = output(true);
    const print = progressPrinter(out);
    print(record({ pagesDone: 10, pagesTotal: 2700, secondsLeft: 40 }));
    print(record({ pagesDone: 10, pagesTotal: 2700, secondsLeft: 40 }));
    print(record({ pagesDone: 900, pagesTotal: 2700, secondsLeft: 25 }));
    print(record({ phase: 'finished' }, 'done'));
    expect(written).toHaveLength(3);
    expect(written[0]?.startsWith('\r\u001b[2K20261129-083000-abcd ')).toBe(true);
    expect(written[0]).toContain('10 of 2,700 pages');
    expect(written[1]).toContain('900 of 2,700 pages');
    expect(written[2]).toBe('\n');
  });

  it('writes a log a line a phase, then at most one every ten seconds', () => {
    const { out, written } = output(false);
    let now = 0;
    const print = progressPrinter(out, () => now);
    for (let done = 1; done <= 2700; done += 1) {
      now += 10; // 2,700 pages in 27 s
      print(record({ pagesDone: done, pagesTotal: 2700 }));
    }
    print(record({ phase: 'search' }));
    print(record({ phase: 'compress' }));
    print(record({ phase: 'finished' }, 'done'));
    // The first page, one at 10 s and one at 20 s, then one a phase.
    expect(written).toHaveLength(5);
    expect(written.every((line) => line.endsWith('\n') && !line.includes('\r'))).toBe(true);
    expect(LOG_EVERY_MS).toBe(10_000);
  });
});

describe('publishSummary', () => {
  it('says what a publish did, or why it failed', () => {
    const done = {
      ...record({}, 'done'),
      durationMs: 12_345,
      counts: {
        pages: 2700,
        rendered: 12,
        searchRecords: 2200,
        compressed: 30,
        reusedCompressed: 5000,
      },
    } as PublishRecord;
    expect(publishSummary(done)).toBe(
      'Published 20261129-083000-abcd in 12.3 s: 12 of 2700 pages rendered, 2200 search records, 30 files compressed (5000 reused).',
    );
    expect(
      publishSummary({
        ...record({}, 'failed'),
        error: 'The API did not answer.',
      }),
    ).toBe('Publish 20261129-083000-abcd failed: The API did not answer.');
  });
});
