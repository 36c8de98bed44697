import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectConsoleError, failedRequest, listProducts, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

// Each journey loads a page or two and waits for the API; on the shared test machine that
// can take longer than Playwright's default 30 s, which says nothing about the store's speed.
test.describe.configure({ timeout: 90_000 });

// The comparison page (account-and-shell 2.7, 5, 8) and the way there from the results list.

const KEEP_TWO = 'You must compare at least 2 products.';
const ROWS = ['Image', 'Price', 'Brand', 'Availability', 'Rating', 'Summary', 'Other'];

const table = (page: Page) => page.getByRole('table');

async function threeIds(api: APIRequestContext): Promise<number[]> {
  const products = await listProducts(api);
  expect(products.length).toBeGreaterThanOrEqual(3);
  return products.slice(0, 3).map((p) => p.id);
}

test.describe('comparison page', () => {
  test('compare three from the results, remove one, refused at two', async ({ page, api }) => {
    const reply = await api.get('/api/products/filter?q=wheel&limit=8');
    const { pageInfo } = (await reply.json()) as { pageInfo: { totalObjects: number } };
    const word = pageInfo.totalObjects >= 3 ? 'wheel' : 'kit';
    await page.goto(`/search.php?q=${word}`);
    await page.locator('astro-island[component-export="ResultsList"]:not([ssr])').waitFor();
    const list = page.getByRole('region', { name: 'Results' });
    await expect(list).toHaveAttribute('aria-busy', 'false');
    const titles: string[] = [];
    for (const n of [0, 1, 2]) {
      const card = list.getByRole('article').nth(n);
      titles.push(((await card.getByRole('heading').textContent()) ?? '').trim());
      await card.getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Compare Selected (3)' }).click();

    await expect(page).toHaveURL(/\/compareProduct\?ids=\d+%2C\d+%2C\d+&source=Search&path=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product Comparison');
    await expect(table(page).locator('thead th')).toHaveCount(4);
    for (const title of titles) {
      await expect(table(page).getByRole('columnheader', { name: title })).toBeVisible();
    }
    for (const row of ROWS)
      await expect(table(page).getByRole('rowheader', { name: row })).toBeVisible();
    await expect(table(page).getByRole('row', { name: /^Price/ })).toContainText(
      /\$[\d,]+\.\d{2} USD/,
    );

    // The back link returns to the same search.
    await expect(page.getByRole('link', { name: /Back to the results/ })).toHaveAttribute(
      'href',
      `/search.php?q=${word}`,
    );

    await page.getByRole('button', { name: `Remove ${titles[1] ?? ''}` }).click();
    await expect(table(page).locator('thead th')).toHaveCount(3);
    await expect(table(page).getByRole('columnheader', { name: titles[1] ?? '' })).toHaveCount(0);
    await expect(page).toHaveURL(/ids=\d+%2C\d+&/);

    await page.getByRole('button', { name: `Remove ${titles[0] ?? ''}` }).click();
    await expect(page.getByRole('alert').filter({ hasText: KEEP_TWO }).first()).toBeVisible();
    await expect(table(page).locator('thead th')).toHaveCount(3);
  });

  test('shows N/A, NOT RATED and Instock from the product data', async ({ page, api }) => {
    const ids = await threeIds(api);
    const reply = await api.get(`/api/products?productIds=${ids.join(',')}`);
    const { products } = (await reply.json()) as {
      products: {
        id: number;
        availableForSale: boolean;
        availableQuantity: number;
        totalReviews: number;
      }[];
    };
    await page.goto(`/compareProduct?ids=${ids.join(',')}&source=Search&path=/`);
    await expect(table(page)).toBeVisible();
    const cells = (row: string) =>
      table(page)
        .getByRole('row', { name: new RegExp(`^${row}`) })
        .getByRole('cell');
    for (const [index, product] of products.entries()) {
      await expect(cells('Availability').nth(index)).toHaveText(
        product.availableForSale ? 'Available' : 'Not Available',
      );
      if (product.totalReviews === 0)
        await expect(cells('Rating').nth(index)).toHaveText('NOT RATED');
      await expect(cells('Other').nth(index)).toContainText(
        `Instock${product.availableQuantity > 0 ? 'Yes' : 'No'}`,
      );
    }
  });

  test('follows the path only when it stays on this site', async ({ page, api }) => {
    const ids = await threeIds(api);
    await page.goto(`/compareProduct?ids=${ids.join(',')}&source=Collection&path=//evil.example/x`);
    await expect(table(page)).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to/ })).toHaveCount(0);
    await page.goto(
      `/compareProduct?ids=${ids.join(',')}&source=Collection&path=https://evil.example/`,
    );
    await expect(table(page)).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to/ })).toHaveCount(0);
    await page.goto(
      `/compareProduct?ids=${ids.join(',')}&source=Collection&path=%2Fcollections%2Fx`,
    );
    await expect(page.getByRole('link', { name: 'Back to the category' })).toHaveAttribute(
      'href',
      '/collections/x',
    );
  });

  test('a failed fetch is a danger notice, and one id is not a comparison', async ({
    page,
    api,
  }) => {
    const ids = await threeIds(api);
    expectConsoleError(page, failedRequest(500, '/api/products?productIds='));
    await page.route('**/api/products?productIds=**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Database is busy"}',
      }),
    );
    await page.goto(`/compareProduct?ids=${ids.join(',')}`);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Database is busy' }).first(),
    ).toBeVisible();
    await expect(table(page)).toHaveCount(0);

    await page.goto(`/compareProduct?ids=${String(ids[0])}`);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Please select at least two products to compare.' }),
    ).toBeVisible();
  });

  test('has no serious accessibility violations', async ({ page, api }) => {
    test.setTimeout(120_000);
    const ids = await threeIds(api);
    await page.goto(`/compareProduct?ids=${ids.join(',')}&source=Search&path=/search.php`);
    await expect(table(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
