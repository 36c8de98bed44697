import { describe, expect, it } from 'vitest';
import { pageCacheKey } from './cache-key.ts';

describe('pageCacheKey', () => {
  it('is stable for the same parts', () => {
    expect(pageCacheKey(['a', 1, null])).toBe(pageCacheKey(['a', 1, null]));
    expect(pageCacheKey(['a'])).toMatch(/^[0-9a-f]{24}$/);
  });

  it('changes when any part changes, and keeps parts apart', () => {
    const base = pageCacheKey(['digest', 'q1', '2024-06-01']);
    expect(pageCacheKey(['digest', 'q1', '2024-06-02'])).not.toBe(base);
    expect(pageCacheKey(['digest', 'q2', '2024-06-01'])).not.toBe(base);
    expect(pageCacheKey(['ab', 'c'])).not.toBe(pageCacheKey(['a', 'bc']));
  });
});
