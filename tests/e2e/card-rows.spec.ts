import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// the cards of a row line up. Every list shows the one card
// (src/islands/shared/ProductCard.tsx): in each row its cards are as tall as each other and
// their add buttons (or View Details links) share their top and their height, however long
// the titles above them are. Checked on each kind of list: the results list of a collection
// page and of /search.php, a brand page's static grid, and the home page's featured strip.

interface CardBox {
  top: number;
  height: number;
  titleHeight: number;
  buttonTop: number;
  buttonHeight: number;
}

/** The boxes of the cards under `list`, grouped by row (cards whose tops meet). */
async function rows(list: Locator): Promise<CardBox[][]> {
  const boxes = await list.locator('.pc-card').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      const title = card.querySelector('.pc-title')?.getBoundingClientRect();
      const button = card.querySelector('.pc-add')?.getBoundingClientRect();
      if (!title || !button) throw new Error(`a card without title or button: ${card.outerHTML}`);
      return {
        top: Math.round(box.top),
        height: box.height,
        titleHeight: title.height,
        buttonTop: button.top - box.top,
        buttonHeight: button.height,
      };
    }),
  );
  const byTop = new Map<number, CardBox[]>();
  for (const box of boxes) byTop.set(box.top, [...(byTop.get(box.top) ?? []), box]);
  return [...byTop.values()].filter((row) => row.length > 1);
}

const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

/** Asserts every row of `list` lines up, and that some row has titles of unequal height. */
async function expectRowsAligned(list: Locator): Promise<void> {
  await expect(list.locator('.pc-card').first()).toBeVisible();
  const found = await rows(list);
  expect(found.length, 'rows of two cards or more').toBeGreaterThan(0);
  for (const row of found) {
    expect(spread(row.map((card) => card.height)), 'card heights in a row').toBeLessThanOrEqual(1);
    expect(spread(row.map((card) => card.buttonTop)), 'button tops in a row').toBeLessThanOrEqual(
      1,
    );
    expect(spread(row.map((card) => card.buttonHeight)), 'button heights').toBeLessThanOrEqual(1);
  }
  // Otherwise the rows line up by chance and this test proves nothing.
  expect(
    found.some((row) => spread(row.map((card) => card.titleHeight)) > 1),
    'a row whose titles take different numbers of lines',
  ).toBe(true);
}

async function biggestCollection(api: APIRequestContext): Promise<string> {
  const reply = await api.get('/api/collections?sortBy=id_asc&limit=500');
  expect(reply.ok()).toBe(true);
  const { collections } = (await reply.json()) as {
    collections: { handle: string; productCount: number }[];
  };
  const [top] = collections.toSorted((a, b) => b.productCount - a.productCount);
  if (!top) throw new Error('the demo catalogue has no collection');
  return top.handle;
}

async function biggestBrand(api: APIRequestContext): Promise<string> {
  const reply = await api.get(
    '/api/products/vendors/fullDetail?page=0&limit=1&sortBy=PRODUCT_COUNT&order=DESC',
  );
  expect(reply.ok()).toBe(true);
  const { vendors } = (await reply.json()) as { vendors: { name: string }[] };
  if (!vendors[0]) throw new Error('the demo catalogue has no brand');
  return vendors[0].name;
}

const productList = (page: Page) => page.getByRole('region', { name: 'Products' });

test.describe('card rows line up', () => {
  test('on a collection page', async ({ page, api }) => {
    await page.goto(`/collections/${await biggestCollection(api)}`);
    await expectRowsAligned(productList(page));
  });

  test('on the search results page', async ({ page }) => {
    await page.goto('/search.php?q=wheel');
    const list = page.getByRole('region', { name: 'Results' });
    // The results come from the API once the list has hydrated: on a loaded CI machine that
    // took over the default 10 s once (smoke.spec.ts waits as long).
    await expect(list.getByRole('list', { name: 'Loading products' })).toHaveCount(0, {
      timeout: 30_000,
    });
    await expectRowsAligned(list);
  });

  test("on a brand page's grid", async ({ page, api }) => {
    await page.goto(`/brands/${encodeURIComponent(await biggestBrand(api))}`);
    await expectRowsAligned(productList(page));
  });

  test("in the home page's featured strip", async ({ page }) => {
    await page.goto('/');
    await expectRowsAligned(page.getByRole('region', { name: 'Featured Products' }));
  });
});
