import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('makes handles the input format accepts', () => {
    expect(slugify('Crown Poly Load Wheel 3.25 x 3.75 in. (85288-001)')).toBe(
      'crown-poly-load-wheel-3-25-x-3-75-in-85288-001',
    );
    expect(slugify('Raymond 1-187-002/001 --')).toBe('raymond-1-187-002-001');
    expect(slugify('x'.repeat(300)).length).toBeLessThanOrEqual(180);
  });
});
