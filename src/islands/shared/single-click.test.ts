import { describe, expect, it, vi } from 'vitest';
import { singleClick } from './single-click.ts';

describe('singleClick', () => {
  it('acts on a first click and on a keyboard press (detail 0)', () => {
    const handler = vi.fn();
    const onClick = singleClick(handler);
    onClick({ detail: 1 });
    onClick({ detail: 0 });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('ignores the second and later clicks of a double or triple click', () => {
    const handler = vi.fn();
    const onClick = singleClick(handler);
    onClick({ detail: 2 });
    onClick({ detail: 3 });
    expect(handler).not.toHaveBeenCalled();
  });
});
