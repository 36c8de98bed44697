import type { Locator } from '@playwright/test';
import { expect } from './fixtures.ts';

// The steps of the store's product sliders (spec storefront 9: "Slider: 2 items per step on
// mobile, 5 on desktop"), measured as a shopper sees them: which items of a strip are in
// view whole, before and after a press of Next. Used by the featured strip (home.spec.ts),
// related products (product-layout.spec.ts) and recently viewed (gallery.spec.ts).

/** spec storefront 9: items per step, on a phone and on a desktop. */
export const specStep = (isMobile: boolean): number => (isMobile ? 2 : 5);

/**
 * Positions, among the items the layout shows (a hidden one is skipped), of the items inside
 * `viewport` whole, to a pixel.
 */
export function wholeItems(viewport: Locator): Promise<number[]> {
  return viewport.evaluate((element) => {
    const view = element.getBoundingClientRect();
    const items = [...(element.querySelector('ul')?.children ?? [])].filter(
      (item) => item.getClientRects().length > 0,
    );
    return items.flatMap((item, index) => {
      const box = item.getBoundingClientRect();
      return box.left >= view.left - 1 && box.right <= view.right + 1 ? [index] : [];
    });
  });
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/**
 * A slider of `count` items, awake at its start: it shows `step` items whole, and Next brings
 * the next `step` into view whole (or the last `step`, near the end). Issue 29, item 8: 250 px
 * items showed one whole on a phone and four on a desktop, and Next moved that many.
 */
export async function expectSpecStep(
  viewport: Locator,
  next: Locator,
  { step, count }: { step: number; count: number },
): Promise<void> {
  expect(count, 'items enough for two steps').toBeGreaterThan(step);
  expect(await wholeItems(viewport), 'items in view whole at the start').toEqual(range(0, step));
  await next.click();
  const first = Math.min(step, count - step);
  // Polled: the track slides to its place (0.35 s).
  await expect
    .poll(() => wholeItems(viewport), { message: 'items in view whole after Next' })
    .toEqual(range(first, step));
}
