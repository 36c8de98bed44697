import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fitVerdict } from '../../shared/fitment/verdict.ts';

// The golden fitment table (issue 31, "Done when"): 500 cases of a part's fitment, a
// shopper's machine and the answer, written by fixtures/make-fitment-golden.py from the
// issue's rules restated apart from shared/fitment (serial boundaries, open ranges, other
// prefixes, serials typed loosely or not at all, universal parts, parts without data). Every
// answer must be the table's, and so must the rows it rests on.

interface GoldenCase {
  brand: string;
  universal: boolean;
  rows: { modelId: number; serialFrom: string | null; serialTo: string | null }[];
  modelId: number;
  serial: string | null;
  why: string;
  verdict: 'fits' | 'does-not-fit' | 'check' | 'unknown';
  rows_that_apply: number[];
}

const golden = JSON.parse(
  readFileSync(new URL('fixtures/fitment-golden.json', import.meta.url), 'utf8'),
) as { formats: Record<string, { pattern: string; example: string }>; cases: GoldenCase[] };

describe('the golden fitment table', () => {
  it('has 500 cases of every answer', () => {
    expect(golden.cases).toHaveLength(500);
    const verdicts = new Set(golden.cases.map((c) => c.verdict));
    expect([...verdicts].sort()).toEqual(['check', 'does-not-fit', 'fits', 'unknown']);
  });

  it('gets every answer right, with the rows it rests on', () => {
    const wrong = golden.cases.flatMap((c, index) => {
      const format = golden.formats[c.brand];
      if (!format) throw new Error(`no format for ${c.brand}`);
      const verdict = fitVerdict(
        { universal: c.universal, rows: c.rows },
        { modelId: c.modelId, serial: c.serial ?? undefined },
        { pattern: new RegExp(format.pattern), example: format.example },
      );
      const rows = 'rows' in verdict ? verdict.rows.map((row) => c.rows.indexOf(row)) : [];
      const same = verdict.kind === c.verdict && rows.join() === c.rows_that_apply.join();
      return same ? [] : [`case ${String(index)} (${c.why}): ${verdict.kind} [${rows.join()}]`];
    });
    expect(wrong).toEqual([]);
  });
});
