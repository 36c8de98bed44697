import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { isHostileIndex } from '../../server/seed/hostile.ts';
import { htmlToText } from '../../shared/format/html-text.ts';
import { articleUrl, expect, expectConsoleError, failedRequest, needed, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

// Each journey loads a page or two and waits for the API; on the shared test machine that
// can take longer than Playwright's default 30 s, which says nothing about the store's speed.
test.describe.configure({ timeout: 90_000 });

// The results list on /search.php and collection pages (spec storefront 2, 4, 5, 9).

interface FilterReply {
  products: { id: number; title: string; price: number; handle: string }[];
  pageInfo: { totalObjects: number; totalPages: number };
}

const EMPTY = 'No products match your search criteria, please try again.';
const TOO_FEW = 'Please select at least two products to compare.';
const TOO_MANY = 'You can only compare a maximum of 4 products.';

async function filter(api: APIRequestContext, query: string): Promise<FilterReply> {
  const reply = await api.get(`/api/products/filter?${query}`);
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as FilterReply;
}

/** A word of the demo catalogue that matches at least `atLeast` products. */
async function commonWord(api: APIRequestContext, atLeast: number): Promise<string> {
  for (const word of ['wheel', 'seal', 'kit', 'pump', 'assembly', 'pallet', 'jack']) {
    const reply = await filter(api, `q=${word}&limit=8`);
    if (reply.pageInfo.totalObjects >= atLeast) return word;
  }
  throw new Error(`no word of the demo catalogue matches ${atLeast} products`);
}

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
/** Opens a page and waits until its results list has hydrated (Astro drops `ssr` then). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('astro-island[component-export="ResultsList"]:not([ssr])').waitFor();
}
/** Waits until the list has its results (not the loading skeletons). */
const settled = (list: Locator) => expect(list).toHaveAttribute('aria-busy', 'false');
const cards = (page: Page) => results(page).getByRole('article');

/** The prices the cards show, as numbers (the call-for-price text is 0). */
async function shownPrices(list: Locator): Promise<number[]> {
  const texts = await list.locator('.pc-now').allTextContents();
  return texts.map((text) => (text.startsWith('$') ? Number(text.replace(/[$,]/g, '')) : 0));
}

const ascending = (values: readonly number[]) =>
  values.every((v, i) => i === 0 || v >= (values[i - 1] ?? 0));

test.describe('search results page', () => {
  test('price ascending really ascends across two pages', async ({ page, api }) => {
    const word = await commonWord(api, 9);
    await open(page, `/search.php?q=${word}&sortBy=price_asc&limit=8`);
    await settled(results(page));
    await expect(cards(page)).toHaveCount(8);
    const first = await shownPrices(results(page));
    expect(ascending(first)).toBe(true);

    const pager = page.getByRole('navigation', { name: 'Product pages' });
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await settled(results(page));
    await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
    await expect(results(page).getByText(/^Showing 9-/)).toBeVisible();
    const second = await shownPrices(results(page));
    expect(second.length).toBeGreaterThan(0);
    expect(ascending([...first, ...second])).toBe(true);

    // The same products as the API's second page (zero-based page 1 on the wire).
    const wire = await filter(api, `q=${word}&sortBy=price_asc&limit=8&page=1`);
    await expect(cards(page).getByRole('heading')).toHaveText(
      // As text, without a script's content.
      wire.products.map((p) => htmlToText(p.title)),
    );

    // Back returns to the first page.
    await page.goBack();
    await expect(pager.locator('[aria-current="page"]')).toHaveText('1');
  });

  test('sort and page size change the address and the results, and reset the page', async ({
    page,
    api,
  }) => {
    const word = await commonWord(api, 17);
    const { pageInfo } = await filter(api, `q=${word}&limit=8`);
    await open(page, `/search.php?q=${word}&limit=8&page=2`);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Search');
    await expect(
      results(page).getByText(`${pageInfo.totalObjects} products found for “${word}”`),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(8);

    await page.getByLabel('Sort by').selectOption({ label: 'Price highest to lowest' });
    await expect(page).toHaveURL(/sortBy=price_desc/);
    await expect(page).not.toHaveURL(/page=/);
    await settled(results(page));
    const prices = await shownPrices(results(page));
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);

    await page.getByLabel('Per page').selectOption('16');
    await expect(page).toHaveURL(/limit=16/);
    await expect(cards(page)).toHaveCount(16);
    await expect(results(page).getByText(`Showing 1-16 of ${pageInfo.totalObjects}`)).toBeVisible();
  });

  test('a bad sort or page size is treated as empty', async ({ page, api }) => {
    const word = await commonWord(api, 9);
    await open(page, `/search.php?q=${word}&sortBy=cheapest&limit=7`);
    await expect(page.getByLabel('Sort by')).toHaveValue('');
    await expect(page.getByLabel('Per page')).toHaveValue('24');
    await expect(cards(page).first()).toBeVisible();
  });

  test('shows the empty message, and waits for 3 characters', async ({ page, api }) => {
    await open(page, '/search.php?q=zzqxnomatchqq');
    await expect(page.getByText(EMPTY)).toBeVisible();
    // The "Ask our experts" article at its canonical URL.
    await expect(page.getByRole('link', { name: 'Ask our experts.' })).toHaveAttribute(
      'href',
      await articleUrl(api, 355),
    );
    let filterCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/products/filter')) filterCalls += 1;
    });
    await open(page, '/search.php?q=ab');
    await expect(page.getByText(/at least 3 characters/)).toBeVisible();
    expect(filterCalls).toBe(0);
  });

  test('finds a product by the title it shows, never by the script inside it', async ({
    page,
    api,
  }) => {
    // The demo's first hostile product (server/seed/hostile.ts) ends its title in a script.
    const id = Array.from({ length: 500 }, (_, index) => index).findIndex(isHostileIndex) + 1;
    const reply = await api.get(`/api/products/${String(id)}`);
    expect(reply.ok()).toBe(true);
    const { product } = (await reply.json()) as { product: { title: string } };
    expect(product.title).toContain('<script>alert("title")</script>');
    const shown = htmlToText(product.title);
    expect(shown).not.toMatch(/alert|title/i);

    // Neither word is on the page, so neither finds it (spec storefront 5: the results list).
    for (const hidden of ['alert', 'title']) {
      await open(page, `/search.php?q=${hidden}`);
      await expect(page.getByText(EMPTY)).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
    }
    // Its words do.
    await open(page, `/search.php?q=${encodeURIComponent(shown)}`);
    await settled(results(page));
    await expect(cards(page).getByRole('heading', { name: shown, exact: true })).toBeVisible();
  });

  test('remembers grid or list view under "view"', async ({ page, api }) => {
    test.slow(); // two full page loads on a shared machine
    const word = await commonWord(api, 2);
    await open(page, `/search.php?q=${word}`);
    await expect(cards(page).first()).toBeVisible();
    const list = page.getByRole('button', { name: 'List', exact: true });
    await list.click();
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('view'))).toBe('list');
    await page.reload();
    await settled(results(page));
    await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('Compare Selected needs two to four products', async ({ page, api }) => {
    const word = await commonWord(api, 5);
    await open(page, `/search.php?q=${word}`);
    const boxes = results(page).getByRole('checkbox', { name: /^Compare / });
    await expect(boxes.first()).toBeVisible();
    const compare = page.getByRole('button', { name: /^Compare Selected/ });

    await compare.click();
    await expect(page.getByRole('alert').filter({ hasText: TOO_FEW })).toBeVisible();
    await boxes.nth(0).check();
    await compare.click();
    await expect(page.getByRole('alert').filter({ hasText: TOO_FEW })).toBeVisible();

    for (const n of [1, 2, 3]) await boxes.nth(n).check();
    await boxes.nth(4).click();
    await expect(page.getByRole('alert').filter({ hasText: TOO_MANY })).toBeVisible();
    await expect(boxes.nth(4)).not.toBeChecked();
    await expect(compare).toHaveText('Compare Selected (4)');

    // Changing the search clears the selection (spec storefront 4).
    await page.getByLabel('Sort by').selectOption('title_asc');
    await expect(compare).toHaveText('Compare Selected');
    await expect(boxes.first()).not.toBeChecked();
  });

  test('a card adds its product to the cart with a toast; sold out cannot be added', async ({
    page,
    api,
  }) => {
    const word = await commonWord(api, 2);
    await open(page, `/search.php?q=${word}`);
    await settled(results(page));
    const add = results(page)
      .getByRole('button', { name: /^Add to Cart: / })
      .first();
    await expect(add).toBeEnabled();
    await add.click();
    await expect(page.getByText('Product added to cart')).toBeVisible();
    const soldOut = results(page).getByRole('button', { name: /^Sold out: / });
    if ((await soldOut.count()) > 0) await expect(soldOut.first()).toBeDisabled();
  });

  test('quick view opens over the results and closes with Escape', async ({ page, api }) => {
    const word = await commonWord(api, 2);
    await open(page, `/search.php?q=${word}`);
    const card = cards(page).first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('button', { name: /^Quick view/ }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'View Details' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the quick-view button explains itself after 3 s, a price chip after 250 ms', async ({
    page,
    api,
  }) => {
    // spec storefront 9: "quick view 3 s; price filter popover show 250 ms and hide 400 ms".
    await page.clock.install();
    const word = await commonWord(api, 2);
    await open(page, `/search.php?q=${word}&maxPrice=5000`);
    await settled(results(page));
    // Far enough ahead that a busy machine has not reached it yet (pauseAt cannot go back).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    const tipOf = async (trigger: Locator) =>
      page.locator(`[id="${(await trigger.getAttribute('aria-describedby')) ?? ''}"]`);

    const quick = cards(page)
      .first()
      .getByRole('button', { name: /^Quick view/ });
    const quickTip = await tipOf(quick);
    await quick.hover();
    await page.clock.runFor(2900);
    await expect(quickTip).toBeHidden();
    await page.clock.runFor(200);
    await expect(quickTip).toBeVisible();
    await expect(quick).toHaveAccessibleDescription(/without leaving the results/);

    const chip = page.getByRole('button', { name: 'Remove filter Under $5,000.00' });
    const chipTip = await tipOf(chip);
    await chip.hover();
    await expect(quickTip).toBeVisible(); // its own 3 s hide delay has not run out
    await page.clock.runFor(260);
    await expect(chipTip).toHaveText(
      'Only parts priced under $5,000.00 are shown. Remove the filter to see every price.',
    );
    await expect(quickTip).toBeHidden(); // one tooltip at a time
    await page.mouse.move(1, 1);
    await page.clock.runFor(350);
    await expect(chipTip).toBeVisible();
    await page.clock.runFor(100);
    await expect(chipTip).toBeHidden();
  });

  test('cat opens the collection page by its handle', async ({ page, api }) => {
    const reply = await api.get('/api/collections?limit=1');
    const { collections } = (await reply.json()) as {
      collections: { id: number; handle: string }[];
    };
    const collection = needed(collections[0], 'collection');
    await page.goto(`/search.php?cat=${String(collection.id)}`);
    await expect(page).toHaveURL(new RegExp(`/collections/${collection.handle}$`), {
      timeout: 45_000,
    });
  });

  test('falls back to the search index when the API cannot be reached', async ({ page, api }) => {
    test.setTimeout(90_000);
    const word = await commonWord(api, 2);
    expectConsoleError(page, failedRequest('net::ERR_CONNECTION_REFUSED', '/api/products/filter'));
    await page.route('**/api/products/filter**', (route) => route.abort('connectionrefused'));
    await open(page, `/search.php?q=${word}`);
    // Loading the static index is slow on a busy machine: wait for it, as a person would.
    await expect(page.getByRole('status').filter({ hasText: /saved search index/ })).toBeVisible({
      timeout: 45_000,
    });
    await expect(cards(page).first()).toBeVisible();
    const href = await cards(page)
      .first()
      .getByRole('heading')
      .getByRole('link')
      .getAttribute('href');
    expect(href).toMatch(/^\/products\//);
    await expect(page.getByText('Oops.')).toHaveCount(0);
  });

  test('a 502 from the proxy falls back too; a malformed reply is an error, not a blank page', async ({
    page,
    api,
  }) => {
    test.setTimeout(90_000);
    const word = await commonWord(api, 2);
    expectConsoleError(page, failedRequest(502, '/api/products/filter'));
    await page.route('**/api/products/filter**', (route) =>
      route.fulfill({ status: 502, body: 'Bad Gateway' }),
    );
    await open(page, `/search.php?q=${word}`);
    // Loading the static index is slow on a busy machine: wait for it, as a person would.
    await expect(page.getByRole('status').filter({ hasText: /saved search index/ })).toBeVisible({
      timeout: 45_000,
    });

    await page.unroute('**/api/products/filter**');
    await page.route('**/api/products/filter**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"products":[{"id":"x"}]}',
      }),
    );
    await open(page, `/search.php?q=${word}`);
    await expect(
      results(page)
        .getByRole('alert')
        .filter({ hasText: /could not read/ }),
    ).toBeVisible();
  });

  test('has no serious accessibility violations', async ({ page, api }) => {
    test.setTimeout(120_000);
    const word = await commonWord(api, 2);
    await open(page, `/search.php?q=${word}`);
    await expect(cards(page).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('collection product list', () => {
  async function pagedCollection(api: APIRequestContext) {
    const reply = await api.get('/api/collections?limit=100');
    const { collections } = (await reply.json()) as {
      collections: { id: number; handle: string }[];
    };
    for (const collection of collections) {
      const { pageInfo } = await filter(api, `c=${collection.id}&limit=24`);
      if (pageInfo.totalObjects > 24) return { ...collection, total: pageInfo.totalObjects };
    }
    throw new Error('no collection with two pages');
  }

  test('keeps the prerendered page in the HTML and takes it over on a sort', async ({
    page,
    api,
  }) => {
    const collection = await pagedCollection(api);
    const html = await (await api.get(`/collections/${collection.handle}`)).text();
    expect(html.match(/<article/g)?.length).toBe(24);

    await open(page, `/collections/${collection.handle}`);
    const list = page.getByRole('region', { name: 'Products' });
    await expect(list.getByRole('article')).toHaveCount(24);
    await expect(list.getByText(`Showing 1-24 of ${collection.total}`)).toBeVisible();

    await page.getByLabel('Sort by').selectOption('price_asc');
    await expect(page).toHaveURL(
      new RegExp(`/collections/${collection.handle}\\?sortBy=price_asc$`),
    );
    await settled(list);
    await expect(list.getByRole('article')).toHaveCount(24);
    const prices = await shownPrices(list);
    expect(ascending(prices)).toBe(true);
    await expect(list.getByText(`Showing 1-24 of ${collection.total}`)).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Product pages' })
      .getByRole('link', { name: 'Page 2', exact: true })
      .click();
    await expect(page).toHaveURL(/sortBy=price_asc&page=2$/);
    await settled(list);
    const second = await shownPrices(list);
    expect(ascending([...prices, ...second])).toBe(true);
  });
});
