import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// /search.php drew its results after a fetch into an empty page, and the
// page jumped (CLS 0.43 on a desktop). The loading cards now come with the server's HTML, in
// the place the results take. This sums the layout shifts the browser reports (the CLS
// Lighthouse reads, without its throttling) from the first paint until the results are on
// screen; the budget is the issue's.
const CLS_BUDGET = 0.02;

async function layoutShift(page: Page, url: string): Promise<number> {
  await page.addInitScript(() => {
    const win = window as unknown as { __shift: number };
    win.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) win.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  const list = page.locator('[data-product-list]');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.getByRole('article').first()).toBeVisible();
  // Images decode and the filter choices arrive: let the page come to rest.
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

test('/search.php keeps its layout while the results load', async ({ page }) => {
  expect(await layoutShift(page, '/search.php?q=wheel')).toBeLessThanOrEqual(CLS_BUDGET);
});

test('a collection page keeps its layout while its filter choices load', async ({ page }) => {
  expect(await layoutShift(page, '/collections/pallet-jack-parts')).toBeLessThanOrEqual(CLS_BUDGET);
});
