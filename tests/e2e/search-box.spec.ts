import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

// The header search box (spec storefront 2, 4, 5, 9): a combobox whose dropdown reads the
// Pagefind index. Timings are the spec's debounces; expects auto-wait past them.

interface Card {
  id: number;
  handle: string;
  title: string;
  sku: string;
}

async function products(api: APIRequestContext, query: string): Promise<Card[]> {
  const found: Card[] = [];
  for (let page = 0; page < 20; page++) {
    const reply = await api.get(`/api/products/filter?limit=76&page=${page}${query}`);
    expect(reply.ok()).toBe(true);
    const body = (await reply.json()) as { products: Card[]; pageInfo: { totalPages: number } };
    found.push(...body.products);
    if (page + 1 >= body.pageInfo.totalPages) break;
  }
  return found;
}

function searchBox(page: Page) {
  const form = page.getByRole('search');
  return {
    form,
    input: form.getByRole('combobox', { name: 'Keyword or part number' }),
    category: form.getByRole('combobox', { name: 'Category' }),
    list: form.getByRole('listbox', { name: 'Search suggestions' }),
  };
}

/**
 * Opens the page and waits for the island, so typing reaches React. The box hydrates when
 * the shopper reaches for it (client:interact): the pointer goes over it.
 */
async function open(page: Page, path = '/') {
  await page.goto(path);
  await page.locator('header input[name="q"]').hover();
  await page.waitForSelector('astro-island:not([ssr])[component-url*="SearchBox"]', {
    state: 'attached',
  });
  return searchBox(page);
}

test('a partial part number shows its product in the dropdown', async ({ page, api }) => {
  const all = await products(api, '');
  const product = all.find((p) => /^[A-Z0-9]+-\d{3,}/i.test(p.sku));
  expect(product, 'the seed has hyphenated part numbers').toBeDefined();
  if (!product) return;
  const { input, list } = await open(page);

  // Written form cut short ("AG661-52") ...
  await input.fill(product.sku.slice(0, -2));
  await expect(
    list.getByRole('group', { name: 'Products' }).getByRole('option', { name: product.title }),
  ).toBeVisible();

  // ... without its punctuation ("AG66152") ...
  await input.fill(product.sku.replace(/[^A-Za-z0-9]/g, '').slice(0, -1));
  await expect(list.getByRole('option', { name: product.title })).toBeVisible();

  // ... and the part after the hyphen ("5288").
  await input.fill(product.sku.split('-')[1] ?? '');
  await expect(list.getByRole('option', { name: product.title })).toBeVisible();
});

test('the combobox works from the keyboard', async ({ page }) => {
  test.setTimeout(60_000); // many steps, each past a 600 ms debounce, on a busy machine
  const { input, list } = await open(page);
  await input.focus();
  await input.pressSequentially('wheel');
  const options = list.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('group', { name: 'Categories' })).toBeVisible();
  await expect(list.getByRole('group', { name: 'Products' }).getByRole('option')).toHaveCount(4);

  await input.press('ArrowDown');
  const first = options.first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute(
    'aria-activedescendant',
    (await first.getAttribute('id')) ?? '',
  );
  await input.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await input.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');

  await input.press('Escape');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await expect(input).toHaveValue('wheel');

  // Arrow down opens it again; Enter on an option goes to that page.
  await input.press('ArrowDown');
  await expect(list).toBeVisible();
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/collections\/[^/?]+$/);
});

test('a search sent as the box hydrates keeps what was typed and picked before', async ({
  page,
}) => {
  await page.goto('/');
  // Typed and picked before the island woke (set in the page, without the events that wake
  // it), then sent the moment React has rendered the form, before the effect that takes up
  // what the box holds has run. A tap on Search can land there.
  await page.evaluate(() => {
    const island = document.querySelector('header astro-island[component-url*="SearchBox"]');
    const form = island?.querySelector('form');
    const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
    const select = form?.querySelector('select');
    if (!island || !form || !input || !select) throw new Error('No search box in the header.');
    input.value = 'wheel';
    select.selectedIndex = 1;
    // Looked at between every two of the page's posted tasks, as React's scheduler posts
    // them: the first look after React has rendered the form finds its props on it.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      if (Object.keys(form).some((key) => key.startsWith('__reactProps'))) form.requestSubmit();
      else channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
    island.dispatchEvent(new Event('pointerover'));
  });
  await expect(page).toHaveURL(/\/search\.php\?(?=.*\bq=wheel)(?=.*\bc=\d+)/);
});

test('Enter without an active option searches for the text', async ({ page }) => {
  const { input } = await open(page);
  await input.fill('load wheel');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\.php\?q=load\+wheel$/);
});

test('"wheel under $50" offers a badge that sets maxPrice', async ({ page }) => {
  const { input, list } = await open(page);
  await input.fill('wheel under $50');
  const badge = list.getByRole('group', { name: 'Price filter' }).getByRole('option', {
    name: 'Under $50.00',
  });
  await expect(badge).toBeVisible();
  // The preview keeps to the phrase's bound, and wheels under $50 exist.
  const prices = list.locator('.search-product-price');
  await expect(prices.first()).toBeVisible();
  for (const text of await prices.allTextContents())
    expect(Number(text.replace(/[$,]/g, ''))).toBeLessThanOrEqual(50);
  await badge.click();
  await page.waitForURL(/\/search\.php/);
  const url = new URL(page.url());
  expect(url.searchParams.get('q')).toBe('wheel');
  expect(url.searchParams.get('maxPrice')).toBe('50');
  expect(url.searchParams.has('minPrice')).toBe(false);
});

test('a conflicting price phrase is not offered on the results page', async ({ page }) => {
  const { input, list } = await open(page, '/search.php?q=wheel&minPrice=60');
  await expect(input).toHaveValue('wheel');
  // The box starts with the results page's q, closed, until the shopper turns to it.
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await input.fill('wheel under $50 over $70');
  await expect(list.getByRole('option', { name: 'Over $70.00' })).toBeVisible();
  await expect(list.getByRole('option', { name: 'Under $50.00' })).toHaveCount(0);
});

test('the category selector narrows the dropdown and the search', async ({ page, api }) => {
  const { input, list, category, form } = await open(page);
  const labels = await category.getByRole('option').allTextContents();
  expect(labels[0]).toBe('All Categories');
  expect(labels.length).toBeGreaterThan(1);
  const chosen = category.getByRole('option').nth(1);
  const id = (await chosen.getAttribute('value')) ?? '';
  const inside = new Set((await products(api, `&c=${id}`)).map((p) => p.handle));
  const outside = (await products(api, '')).find(
    (p) => !inside.has(p.handle) && /^[A-Z0-9-]{5,}$/i.test(p.sku),
  );
  expect(outside, 'a product outside the first category').toBeDefined();
  if (!outside) return;

  await input.fill(outside.sku);
  await expect(list.getByRole('option', { name: outside.title })).toBeVisible();
  await category.selectOption(id);
  await expect(form.getByText('No results found.')).toBeVisible();
  await expect(list.getByRole('option', { name: outside.title })).toHaveCount(0);

  await form.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/\/search\.php/);
  expect(new URL(page.url()).searchParams.get('c')).toBe(id);
});

test("an unknown word shows 'No results found.'", async ({ page }) => {
  const { input, form } = await open(page);
  await input.fill('zqxwvj');
  await expect(form.getByRole('status')).toHaveText('No results found.');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
});

test('the dropdown closes on an outside click and when the query is emptied', async ({ page }) => {
  const { input, list } = await open(page);
  await input.fill('wheel');
  await expect(list).toBeVisible();
  // Above the box: the open dropdown covers most of a phone's screen below it.
  await page.getByRole('region', { name: 'Announcement' }).click();
  await expect(list).toBeHidden();
  await input.click();
  await expect(list).toBeVisible();
  await input.fill('');
  await expect(list).toBeHidden();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
});

test('two characters do not search; the index loads without any API call', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  const { input, list, form } = await open(page);
  // The shell's own calls (the signed-in check, the realtime visit) come before typing.
  await page.waitForLoadState('networkidle');
  const before = apiCalls.length;
  await input.fill('wh');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await input.fill('wheel');
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(form.getByText('No results found.')).toHaveCount(0);
  expect(apiCalls.slice(before).filter((url) => !url.includes('/api/media/'))).toEqual([]);
});

test('the open dropdown passes axe', async ({ page }) => {
  test.setTimeout(90_000); // axe over a whole page is slow on a busy machine
  const { input, list } = await open(page);
  await input.fill('wheel under $50');
  await expect(list.getByRole('option', { name: 'Under $50.00' })).toBeVisible();
  await input.press('ArrowDown');
  expect(await seriousViolations(page, { within: '[data-search-box]', impact: 'any' })).toEqual([]);
});
