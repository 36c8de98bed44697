import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectConsoleError, failedRequest, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

// The filter panel of collection pages and /search.php: brands and tag
// prefixes as lists with counts, a price range, chips, Clear all, a drawer on phones, the
// state in the address. Counts and totals are checked against the API, never hard-coded.
test.describe.configure({ timeout: 90_000 });

interface PageInfo {
  totalObjects: number;
  availableVendors: { name: string; count: number }[];
  availableTagFilters: { prefix: string; value: string; count: number }[];
}

async function pageInfo(api: APIRequestContext, query: string): Promise<PageInfo> {
  const reply = await api.get(`/api/products/filter?${query}&limit=8&fields=id`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { pageInfo: PageInfo }).pageInfo;
}

/** A collection with at least three brands and a tag prefix besides Brand. */
async function filterableCollection(api: APIRequestContext) {
  const reply = await api.get('/api/collections?limit=100');
  const { collections } = (await reply.json()) as {
    collections: { id: number; handle: string; title: string }[];
  };
  for (const collection of collections) {
    const info = await pageInfo(api, `c=${collection.id}`);
    const tags = info.availableTagFilters.filter((tag) => tag.prefix !== 'Brand');
    if (info.availableVendors.length >= 3 && info.totalObjects > 24 && tags.length >= 2) {
      return { ...collection, info, tags };
    }
  }
  throw new Error('the demo catalogue has no collection with three brands and tags');
}

const list = (page: Page) => page.locator('[data-product-list]');
const settled = (region: Locator) => expect(region).toHaveAttribute('aria-busy', 'false');
/** A group's button in the desktop bar ('Brand', a tag prefix, 'Price'). */
const groupButton = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Filter by' }).getByRole('button', {
    name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`),
  });
const count = (total: number) => `${total.toLocaleString('en-US')} products`;

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('astro-island[component-export="ResultsList"]:not([ssr])').waitFor();
}

/** Opens the page of a {@link filterableCollection} and returns the collection. */
async function openFilterableCollection(page: Page, api: APIRequestContext) {
  const collection = await filterableCollection(api);
  await open(page, `/collections/${collection.handle}`);
  return collection;
}

test.describe('filter panel on a desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'phones have the drawer alone');
  test('brands are alternatives with counts, tags narrow, the address keeps it all', async ({
    page,
    api,
  }) => {
    const collection = await openFilterableCollection(page, api);
    const [first, second] = [...collection.info.availableVendors].sort((x, y) => y.count - x.count);
    if (!first || !second) throw new Error('unreachable');
    const bar = page.getByRole('list', { name: 'Filter by' });
    await groupButton(page, 'Brand').click();
    const brands = bar.getByRole('list', { name: 'Brand' });
    // Each brand's count is the API's for this collection.
    await expect(brands.getByRole('checkbox')).toHaveCount(collection.info.availableVendors.length);
    await expect(brands.getByRole('listitem').filter({ hasText: first.name })).toContainText(
      String(first.count),
    );

    await brands.getByRole('checkbox', { name: new RegExp(`^${first.name}\\b`) }).check();
    await expect(page).toHaveURL(
      `/collections/${collection.handle}?v=${encodeURIComponent(first.name)}`,
    );
    await settled(list(page));
    await expect(list(page).locator('.rl-count')).toHaveText(count(first.count));
    // The other brands stay on offer: brands are alternatives.
    await brands.getByRole('checkbox', { name: new RegExp(`^${second.name}\\b`) }).check();
    await settled(list(page));
    await expect(list(page).locator('.rl-count')).toHaveText(count(first.count + second.count));
    const chips = page.getByRole('list', { name: 'Filters in use' });
    await expect(chips.getByText(`Brand: ${first.name}`)).toBeVisible();
    await expect(chips.getByText(`Brand: ${second.name}`)).toBeVisible();
    await expect(groupButton(page, 'Brand')).toContainText('2');

    // A tag group narrows the brands' products; its counts are the API's for that set.
    const brandsQuery = `v=${encodeURIComponent(first.name)}&v=${encodeURIComponent(second.name)}`;
    const narrowed = await pageInfo(api, `c=${collection.id}&${brandsQuery}`);
    // The bar offers the prefixes that describe the most products first.
    const coverage = new Map<string, number>();
    for (const entry of narrowed.availableTagFilters) {
      if (entry.prefix !== 'Brand') {
        coverage.set(entry.prefix, (coverage.get(entry.prefix) ?? 0) + entry.count);
      }
    }
    const busiest = [...coverage].sort((x, y) => y[1] - x[1])[0]?.[0];
    const tag = narrowed.availableTagFilters.find((entry) => entry.prefix === busiest);
    if (!tag) throw new Error('the brands have no tags');
    await page.keyboard.press('Escape');
    await groupButton(page, tag.prefix).click();
    await bar
      .getByRole('list', { name: tag.prefix })
      .getByRole('checkbox', { name: new RegExp(`^${tag.value}\\b`) })
      .check();
    await expect(page).toHaveURL(/&t=/);
    await settled(list(page));
    await expect(list(page).locator('.rl-count')).toHaveText(count(tag.count));
    await expect(chips.getByText(`${tag.prefix}: ${tag.value}`)).toBeVisible();

    // Back undoes one choice at a time; the panel follows the address.
    await page.goBack();
    await settled(list(page));
    await expect(list(page).locator('.rl-count')).toHaveText(count(first.count + second.count));
    await expect(chips.getByText(`${tag.prefix}: ${tag.value}`)).toHaveCount(0);

    // Clear all drops every filter and keeps the sort.
    await page.keyboard.press('Escape');
    await page.getByLabel('Sort by').selectOption('price_asc');
    await settled(list(page));
    await chips.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(`/collections/${collection.handle}?sortBy=price_asc`);
    await settled(list(page));
    await expect(list(page).locator('.rl-count')).toHaveText(count(collection.info.totalObjects));
  });

  test('the price range applies both bounds and says why a range cannot apply', async ({
    page,
    api,
  }) => {
    const collection = await openFilterableCollection(page, api);
    const bar = page.getByRole('list', { name: 'Filter by' });
    await groupButton(page, 'Price').click();
    await bar.getByLabel('Lowest').fill('90');
    await bar.getByLabel('Highest').fill('20');
    await bar.getByRole('button', { name: 'Apply' }).click();
    await expect(bar.getByRole('alert')).toHaveText(
      'The lowest price must not be more than the highest.',
    );
    await expect(page).toHaveURL(`/collections/${collection.handle}`);
    await bar.getByLabel('Lowest').fill('20');
    await bar.getByLabel('Highest').fill('90');
    await bar.getByLabel('Highest').press('Enter');
    await expect(page).toHaveURL(`/collections/${collection.handle}?minPrice=20&maxPrice=90`);
    await settled(list(page));
    const expected = await pageInfo(api, `c=${collection.id}&minPrice=20&maxPrice=90`);
    await expect(list(page).locator('.rl-count')).toHaveText(count(expected.totalObjects));
    for (const text of await list(page).locator('.pc-now').allTextContents()) {
      const price = Number(text.replace(/[$,]/g, ''));
      expect(price).toBeGreaterThanOrEqual(20);
      expect(price).toBeLessThanOrEqual(90);
    }
  });

  test('works from the keyboard: open, pick, close with Escape back on the button', async ({
    page,
    api,
  }) => {
    const collection = await openFilterableCollection(page, api);
    const brand = groupButton(page, 'Brand');
    await brand.focus();
    await page.keyboard.press('Enter');
    await expect(brand).toHaveAttribute('aria-expanded', 'true');
    const brands = collection.info.availableVendors;
    // The choices come from the API after the list opens ('Loading choices…' until then, with
    // nothing to tab to): a keyboard user tabs into them once they are shown.
    await expect(
      page
        .getByRole('list', { name: 'Filter by' })
        .getByRole('list', { name: 'Brand' })
        .getByRole('checkbox'),
    ).toHaveCount(brands.length);
    const wanted = [...brands].sort((x, y) => y.count - x.count)[0]?.name ?? '';
    await page.keyboard.press('Tab');
    if (brands.length > 12) {
      // A long list opens with a box to find a brand by name.
      await expect(page.getByRole('searchbox', { name: 'Find a brand' })).toBeFocused();
      await page.keyboard.type(wanted.slice(0, 4));
      await page.keyboard.press('Tab');
    }
    const picked = page.getByRole('list', { name: 'Brand' }).getByRole('checkbox').first();
    await expect(picked).toBeFocused();
    await page.keyboard.press('Space');
    await expect(picked).toBeChecked();
    await expect(page).toHaveURL(/\?v=/);
    await page.keyboard.press('Escape');
    await expect(brand).toHaveAttribute('aria-expanded', 'false');
    await expect(brand).toBeFocused();
  });

  test('a prerendered page whose choices cannot load keeps its products', async ({ page, api }) => {
    const collection = await filterableCollection(api);
    await page.route('**/api/products/filter?*fields=id*', (route) =>
      route.fulfill({ status: 500 }),
    );
    expectConsoleError(page, failedRequest(500, '/api/products/filter'));
    await open(page, `/collections/${collection.handle}`);
    await groupButton(page, 'Brand').click();
    await expect(
      page.getByRole('list', { name: 'Filter by' }).getByText('The choices could not be loaded.'),
    ).toBeVisible();
    await expect(list(page).getByRole('article')).toHaveCount(24);
  });

  test('/search.php filters its matches, and new words clear the filters', async ({
    page,
    api,
  }) => {
    const info = await pageInfo(api, 'q=wheel');
    const brand = [...info.availableVendors].sort((x, y) => y.count - x.count)[0];
    if (!brand) throw new Error('no brand sells wheels');
    await open(page, '/search.php?q=wheel');
    await settled(list(page));
    const bar = page.getByRole('list', { name: 'Filter by' });
    await groupButton(page, 'Brand').click();
    await bar.getByRole('checkbox', { name: new RegExp(`^${brand.name}\\b`) }).check();
    await expect(page).toHaveURL(`/search.php?q=wheel&v=${encodeURIComponent(brand.name)}`);
    await settled(list(page));
    await expect(list(page).locator('.rl-count')).toHaveText(
      `${count(brand.count)} found for “wheel”`,
    );
    expect(
      await seriousViolations(page, { within: '[data-product-list]', tags: 'every rule' }),
    ).toEqual([]);
  });
});

test.describe('filter panel on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the drawer alone is for phones');

  test('a drawer holds every group, keeps focus inside and shows the count', async ({
    page,
    api,
  }) => {
    const collection = await openFilterableCollection(page, api);
    const brand = [...collection.info.availableVendors].sort((x, y) => y.count - x.count)[0];
    if (!brand) throw new Error('unreachable');
    await expect(page.getByRole('list', { name: 'Filter by' })).toBeHidden();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    // What the shopper sees before tabbing: with fewer than five stops, the fifth Tab would
    // leave the page for the browser's own controls.
    await expect(drawer.getByRole('heading', { name: 'Brand' })).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Price' })).toBeVisible();
    // Modal: the page behind is inert, Tab stays in the drawer.
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await drawer.getByRole('checkbox', { name: new RegExp(`^${brand.name}\\b`) }).check();
    await expect(page).toHaveURL(
      `/collections/${collection.handle}?v=${encodeURIComponent(brand.name)}`,
    );
    await expect(drawer.getByRole('button', { name: `Show ${count(brand.count)}` })).toBeVisible();
    await drawer.getByRole('button', { name: `Show ${count(brand.count)}` }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1');
    await expect(page.getByRole('list', { name: 'Filters in use' })).toContainText(brand.name);
    // Clear all in the drawer.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await drawer.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(`/collections/${collection.handle}`);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});

test('the tagFilter route parameter opens the collection with that filter', async ({
  page,
  api,
}) => {
  const collection = await filterableCollection(api);
  const tag = [...collection.tags].sort((x, y) => y.count - x.count)[0];
  if (!tag) throw new Error('unreachable');
  const segment = encodeURIComponent(`${tag.prefix}_${tag.value}`);
  await open(page, `/collections/${collection.handle}/${segment}`);
  await expect(page).toHaveURL(new RegExp(`/collections/${collection.handle}\\?t=`));
  await settled(list(page));
  await expect(list(page).locator('.rl-count')).toHaveText(count(tag.count));
  await expect(page.getByRole('list', { name: 'Filters in use' })).toContainText(
    `${tag.prefix}: ${tag.value}`,
  );
});
