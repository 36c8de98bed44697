import { describe, expect, it } from 'vitest';
import { buildMemo, buildMemoMap, forgetBuildMemos, recordsMemo } from './build-memo.ts';

describe('build memos', () => {
  it('makes a value once until the warm renderer forgets them all', () => {
    let made = 0;
    const memo = buildMemo(() => ({ made: ++made }));
    const byKey = buildMemoMap((key: string) => `${key}:${String(++made)}`);
    expect(memo()).toEqual({ made: 1 });
    expect(memo()).toBe(memo());
    expect(byKey('a')).toBe('a:2');
    expect(byKey('a')).toBe('a:2');
    forgetBuildMemos();
    expect(memo()).toEqual({ made: 3 });
    expect(byKey('a')).toBe('a:4');
  });

  it('keeps a value made from records while they are the same records, past a forget', () => {
    const memo = recordsMemo<number, { price: number }, number>();
    const [a, b] = [{ price: 1 }, { price: 2 }];
    let made = 0;
    const total = (records: { price: number }[], context = 'x') =>
      memo(7, records, context, () => {
        made += 1;
        return records.reduce((sum, record) => sum + record.price, 0);
      });
    expect(total([a, b])).toBe(3);
    forgetBuildMemos();
    // Another list of the same records: kept.
    expect(total([a, b])).toBe(3);
    expect(made).toBe(1);
    // A record replaced (the warm renderer's change), one more, another order, another context.
    expect(total([a, { price: 5 }])).toBe(6);
    expect(total([a, { price: 5 }, b])).toBe(8);
    expect(total([b, a])).toBe(3);
    expect(total([b, a], 'renamed')).toBe(3);
    expect(made).toBe(5);
  });
});
