import { describe, expect, it } from 'vitest';
import { buildMemo, buildMemoMap, forgetBuildMemos } from './build-memo.ts';

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
});
