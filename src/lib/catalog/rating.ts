/** spec storefront 9: star rating maximum 5. */
export const MAX_STARS = 5;

/**
 * The review count text of a rating summary (spec storefront 2).
 * @example reviewCountText(0) // 'No reviews'
 * @example reviewCountText(1) // '1 review'
 * @example reviewCountText(7) // '7 reviews'
 */
export function reviewCountText(totalReviews: number): string {
  if (!Number.isFinite(totalReviews) || totalReviews <= 0) return 'No reviews';
  return totalReviews === 1 ? '1 review' : `${Math.trunc(totalReviews)} reviews`;
}

/** Whole stars to fill: the average rounded, within 0 to 5. */
export function filledStars(avgRating: number): number {
  if (!Number.isFinite(avgRating)) return 0;
  return Math.min(MAX_STARS, Math.max(0, Math.round(avgRating)));
}
