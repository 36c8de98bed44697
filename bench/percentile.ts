/**
 * The p-th percentile (0..100) of a list of numbers, nearest-rank method.
 * @example percentile([1, 2, 3, 4], 50) // 2
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}
