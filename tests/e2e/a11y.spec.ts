import type { Page, TestInfo } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { OTHER_TYPES, SITEMAP_TYPES, openPage, pathOf, sitemapPaths } from './page-types.ts';

// An axe pass (WCAG 2 A and AA) over one page of each type found in the sitemap and of the
// types it leaves out (search, cart, sign-in, 404), as Starlight runs over its docs (STYLE,
// end-to-end tests): no serious or critical violations. Then over the header with its
// controls opened as a shopper opens them (issue 29): the search box's dropdown, the cart
// overlay and, on a phone, the menu drawer; their keyboard journey is header-keyboard.spec.ts.

/** An axe run over a long page (an index of 1,000 links) takes a while on a busy machine. */
const AXE_TIMEOUT = 120_000;

let paths: string[] = [];
test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  paths = await sitemapPaths(api);
  await api.dispose();
});

/** The header with each of its controls opened in turn, checked by axe in each state. */
async function headerViolations(page: Page, info: TestInfo): Promise<string[]> {
  const found: string[] = [];
  const banner = page.getByRole('banner');
  const box = page.getByRole('search').getByRole('combobox', { name: 'Keyword or part number' });
  // The focus wakes the search box; typing before it hydrated would reach no React handler.
  await box.focus();
  await page.locator('astro-island:not([ssr])', { has: box }).waitFor();
  // Not the search page's own q ('wheel'): a value the box already holds opens nothing.
  await box.fill('steer');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
  found.push(...(await seriousViolations(page, { within: '[data-site-header]' })));
  await box.press('Escape');
  await banner.locator('[data-header-cart]').hover();
  await banner.getByRole('button', { name: /^View cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
  found.push(...(await seriousViolations(page, { within: '[data-site-header]' })));
  await page.keyboard.press('Escape');
  if (info.project.name === 'phone') {
    await banner.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    found.push(...(await seriousViolations(page, { within: '#mobile-menu' })));
  }
  return found;
}

// The helper itself: it finds what it is there to find, and only within what it is given.
test('the axe helper reports a violation in the page and not outside its scope', async ({
  page,
}) => {
  await openPage(page, '/brands');
  await page.evaluate(() => {
    const picture = document.createElement('img');
    picture.src = '/favicon.svg';
    document.querySelector('main')?.append(picture);
  });
  const found = await seriousViolations(page);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(
    /^critical image-alt: Images must have alternative text \(.*favicon\.svg.*\)$/,
  );
  expect(await seriousViolations(page, { within: '[data-site-header]' })).toEqual([]);
});

const TYPES = [
  ...SITEMAP_TYPES.map((type) => ({ name: type.name, path: () => pathOf(type, paths) })),
  ...OTHER_TYPES.map(({ name, path }) => ({ name, path: () => path })),
];

for (const type of TYPES) {
  test(`${type.name} page has no serious accessibility violations`, async ({ page }) => {
    test.setTimeout(AXE_TIMEOUT);
    await openPage(page, type.path());
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${type.name} page's header controls, opened, have no serious accessibility violations`, async ({
    page,
  }, info) => {
    test.setTimeout(AXE_TIMEOUT);
    await openPage(page, type.path());
    expect(await headerViolations(page, info)).toEqual([]);
  });
}
