// The unit bench (issue 32, item 1): parsing 500 pasted lines takes at most 50 ms in
// the browser. Run with `npx vitest bench --run src/lib/quick-order`; a figure to read, not a
// timed assertion (docs/performance.md).
import { test } from 'vitest';
import { orderRowsCsv, parseOrderText } from './parse-lines.ts';

/** Part numbers shaped like the demo catalogue's (server/seed/brands.ts). */
const PATTERNS = [
  '#####-###',
  '#-###-###/###',
  '5800#####',
  'LR-#####',
  '00590-#####-71',
  'BG-###-###',
];

/** A deterministic stand-in for Math.random, so every run parses the same text. */
function digits(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48_271) % 2_147_483_647;
    return String(state % 10);
  };
}

function partNumber(index: number): string {
  const next = digits(index + 1);
  const pattern = PATTERNS[index % PATTERNS.length] ?? '#####';
  return pattern.replace(/#/g, next);
}

/** 500 lines in every accepted form, a tenth of them repeats and a few with problems. */
const FORMS = [
  (part: string, n: number) => `${part} ${n}`,
  (part: string, n: number) => `${part}\t${n}\t`,
  (part: string, n: number) => `${part},${n}`,
  (part: string, n: number) => `${n} x ${part}`,
  (part: string, n: number) => `${part}:${n}`,
  (part: string) => part,
  (part: string) => `${part} 2.5`,
];
const pasted = Array.from({ length: 500 }, (_, i) =>
  FORMS[i % FORMS.length]!(partNumber(i % 450), (i % 12) + 1),
).join('\r\n');

const file = orderRowsCsv(
  Array.from({ length: 500 }, (_, i) => ({ part: partNumber(i), quantity: (i % 12) + 1 })),
);

// Vitest 5's bench fixture: only in *.bench.ts files, which `vitest run` leaves out.
test('quick order: 500 lines (target 50 ms)', async ({ bench }) => {
  await bench.compare(
    bench('pasted, mixed forms', () => {
      parseOrderText(pasted);
    }),
    bench('a downloaded CSV, read back', () => {
      parseOrderText(file);
    }),
  );
});
