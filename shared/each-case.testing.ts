import { expect, it } from 'vitest';

/**
 * A table test of a one-argument function: one test per `[input, expected]` case, each
 * checking that `fn(input)` equals `expected` (toEqual). `title` names each test as it.each
 * does: the first `%s` is the input, the second the expected value.
 * @example eachCase('%s -> %s', pdfTitle, [['Crown_85288-001.pdf', 'Crown 85288-001']]);
 */
export function eachCase<Input, Output>(
  title: string,
  fn: (input: Input) => Output,
  cases: readonly (readonly [Input, Output])[],
): void {
  it.each(cases.map(([input, expected]) => [input, expected] as [Input, Output]))(
    title,
    (input, expected) => {
      expect(fn(input)).toEqual(expected);
    },
  );
}
