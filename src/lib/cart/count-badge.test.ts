import { describe, expect, it } from 'vitest';
import { countBadge } from './count-badge.ts';

describe('countBadge', () => {
  it('draws up to 99 and reads the whole number', () => {
    expect(countBadge(1)).toEqual({ shown: '1', said: ', 1 item' });
    expect(countBadge(99)).toEqual({ shown: '99', said: ', 99 items' });
    expect(countBadge(120)).toEqual({ shown: '99+', said: ', 120 items' });
  });
});
