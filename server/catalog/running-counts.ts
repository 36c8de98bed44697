/**
 * Facet counts kept as products come and go (catalogue-index.ts keeps one for the whole
 * catalogue and one per collection subtree, the filter's most common sets): size, products
 * per vendor code and per tag code, and the highest price. Adding and removing a product
 * costs its tags; nothing is counted again on a change.
 */
export class RunningCounts {
  total = 0;
  /** By vendor code. */
  readonly vendorCounts: number[] = [];
  /** By tag code. */
  readonly tagCounts: number[] = [];
  /** Highest price in cents; undefined when a removal may have lowered it (count again). */
  maxPriceCents: number | undefined = 0;

  /** Adds (sign 1) or removes (sign -1) one product. */
  apply(sign: 1 | -1, vendor: number, tags: readonly number[], priceCents: number): void {
    this.total += sign;
    this.vendorCounts[vendor] = (this.vendorCounts[vendor] ?? 0) + sign;
    for (const code of tags) this.tagCounts[code] = (this.tagCounts[code] ?? 0) + sign;
    if (this.total === 0) this.maxPriceCents = 0;
    else if (sign === 1 && this.maxPriceCents !== undefined) {
      this.maxPriceCents = Math.max(this.maxPriceCents, priceCents);
    } else if (sign === -1 && priceCents >= (this.maxPriceCents ?? 0)) {
      this.maxPriceCents = undefined;
    }
  }
}
