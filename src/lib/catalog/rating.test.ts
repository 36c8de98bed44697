import { describe, expect, it } from 'vitest';
import { filledStars, reviewCountText } from './rating.ts';

describe('rating summary', () => {
  it('says how many reviews there are', () => {
    expect(reviewCountText(0)).toBe('No reviews');
    expect(reviewCountText(1)).toBe('1 review');
    expect(reviewCountText(12)).toBe('12 reviews');
    expect(reviewCountText(-1)).toBe('No reviews');
    expect(reviewCountText(Number.NaN)).toBe('No reviews');
  });

  it('rounds the average to whole stars within 0 and 5', () => {
    expect(filledStars(4.5)).toBe(5);
    expect(filledStars(4.49)).toBe(4);
    expect(filledStars(0)).toBe(0);
    expect(filledStars(7)).toBe(5);
    expect(filledStars(-2)).toBe(0);
    expect(filledStars(Number.NaN)).toBe(0);
  });
});
