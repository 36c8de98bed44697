import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectConsoleError, failedRequest, needed, test } from './fixtures.ts';
import { FIXTURES } from './seed-records.ts';
import { compareNocase } from '../../shared/format/title-order.ts';
import { seriousViolations } from './axe.ts';

/** A collection as GET /api/collections lists it (the fields these tests read). */
interface ApiCollection {
  id: number;
  title: string;
  handle: string;
  parentId: number | null;
  position: number;
  descriptionHtml: string;
  productCount: number;
  breadcrumbs: { title: string; handle: string }[];
}

interface ApiVendor {
  name: string;
  productCount: number;
}

const PER_PAGE = 24;
/** spec storefront 9: "Categories shown before View More: 21". */
const CHILDREN_SHOWN = 21;

async function allCollections(api: APIRequestContext): Promise<ApiCollection[]> {
  const reply = await api.get('/api/collections?sortBy=id_asc&limit=500');
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { collections: ApiCollection[] }).collections;
}

/** The collection with the most products. */
async function biggestCollection(api: APIRequestContext): Promise<ApiCollection | undefined> {
  return [...(await allCollections(api))].sort((a, b) => b.productCount - a.productCount)[0];
}

async function vendorsByCount(api: APIRequestContext, limit: number): Promise<ApiVendor[]> {
  const reply = await api.get(
    `/api/products/vendors/fullDetail?page=0&limit=${limit}&sortBy=PRODUCT_COUNT&order=DESC`,
  );
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { vendors: ApiVendor[] }).vendors;
}

/** A collection with child collections and more than one page of products. */
async function pagedParent(api: APIRequestContext) {
  const collections = await allCollections(api);
  const collection = collections.find(
    (entry) =>
      entry.productCount > PER_PAGE && collections.some((child) => child.parentId === entry.id),
  );
  if (!collection)
    throw new Error('the demo catalogue has no collection with children and two pages');
  const children = collections.filter((child) => child.parentId === collection.id);
  return { collection, children, collections };
}

const productList = (page: Page) => page.getByRole('region', { name: 'Products' });

test.describe('collection page', () => {
  test('shows breadcrumbs, title, child categories and the first page of products', async ({
    page,
    api,
  }) => {
    const { collection, children } = await pagedParent(api);
    await page.goto(`/collections/${collection.handle}`);

    expect(await page.title()).toContain(collection.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(collection.title);

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('listitem').last()).toHaveText(collection.title);
    for (const ancestor of collection.breadcrumbs.slice(0, -1)) {
      await expect(crumbs.getByRole('link', { name: ancestor.title })).toHaveAttribute(
        'href',
        `/collections/${ancestor.handle}`,
      );
    }

    const categories = page.getByRole('region', { name: 'Shop by Category' });
    await expect(categories.getByRole('link')).toHaveCount(children.length);
    for (const child of children.slice(0, 21)) {
      await expect(
        categories.getByRole('link', { name: child.title, exact: true }),
      ).toHaveAttribute('href', `/collections/${child.handle}`);
    }

    const list = productList(page);
    await expect(list).toHaveAttribute('data-collection-id', String(collection.id));
    await expect(list.getByRole('article')).toHaveCount(PER_PAGE);
    await expect(
      list.getByText(`Showing 1-${PER_PAGE} of ${collection.productCount}`),
    ).toBeVisible();
    await expect(
      list.getByText(`${collection.productCount} products`, { exact: true }),
    ).toBeVisible();

    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveAttribute(
      'href',
      new RegExp(`/collections/${collection.handle}$`),
    );
  });

  test("shows 21 child categories and 'View More' opens the rest", async ({ page, api }) => {
    // The demo seed's 'Parts by Brand' has a child per brand, about 30
    // (server/seed/collections.test.ts), so this never skips.
    const collections = await allCollections(api);
    const childrenOf = (id: number) =>
      collections
        .filter((entry) => entry.parentId === id)
        .sort((a, b) => a.position - b.position || a.id - b.id);
    const parent = collections.find((entry) => childrenOf(entry.id).length > CHILDREN_SHOWN);
    if (!parent) throw new Error(`no collection has more than ${CHILDREN_SHOWN} children`);
    const children = childrenOf(parent.id);
    await page.goto(`/collections/${parent.handle}`);

    const categories = page.getByRole('region', { name: 'Shop by Category' });
    const links = categories.getByRole('link');
    await expect(links).toHaveCount(CHILDREN_SHOWN);
    await expect(links).toHaveText(children.slice(0, CHILDREN_SHOWN).map((child) => child.title));
    const [firstHiddenChild] = children.slice(CHILDREN_SHOWN);
    if (!firstHiddenChild) throw new Error(`${parent.title} has no child past ${CHILDREN_SHOWN}`);
    const firstHidden = categories.getByRole('link', { name: firstHiddenChild.title, exact: true });
    await expect(firstHidden).toBeHidden();

    // A <details> summary: it opens from the keyboard as well as by click, with no script.
    const more = categories.getByText('View More', { exact: true });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toBeHidden();
    await expect(links).toHaveCount(children.length);
    await expect(links).toHaveText(children.map((child) => child.title));
    await expect(firstHidden).toBeVisible();
    await expect(firstHidden).toHaveAttribute('href', `/collections/${firstHiddenChild.handle}`);
    await firstHidden.click();
    await expect(page).toHaveURL(new RegExp(`/collections/${firstHiddenChild.handle}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstHiddenChild.title);
  });

  test('pages through the products and back', async ({ page, api }) => {
    const { collection } = await pagedParent(api);
    await page.goto(`/collections/${collection.handle}`);
    const pager = page.getByRole('navigation', { name: 'Product pages' });
    const firstCard = productList(page).getByRole('article').first();
    const firstTitle = await firstCard.getByRole('heading').textContent();

    await pager.getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${collection.handle}/page/2$`));
    const last = Math.min(2 * PER_PAGE, collection.productCount);
    await expect(
      productList(page).getByText(`Showing ${PER_PAGE + 1}-${last} of ${collection.productCount}`),
    ).toBeVisible();
    await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
    await expect(firstCard.getByRole('heading')).not.toHaveText(firstTitle ?? '');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/page\/2$/);
    // spec storefront 2: numbered buttons with the current one disabled, and no previous
    // arrow (the spec's pager has a next arrow only).
    await expect(pager.getByRole('button', { name: 'Page 2', exact: true })).toBeDisabled();
    await expect(pager.getByRole('link', { name: 'Page 2', exact: true })).toHaveCount(0);
    await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveCount(0);

    await pager.getByRole('link', { name: 'Page 1', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${collection.handle}$`));
    await expect(firstCard.getByRole('heading')).toHaveText(firstTitle ?? '');
  });

  test('the pager follows spec storefront 2 before and after hydration, to the last page', async ({
    page,
    api,
  }) => {
    const { collection } = await pagedParent(api);
    const path = `/collections/${collection.handle}`;
    const pages = Math.ceil(collection.productCount / PER_PAGE);
    // The prerendered pager (the results-list island's server render), before any script:
    // the current page a disabled button, the others links, a next arrow and no previous one.
    const html = await (await api.get(`${path}/page/2`)).text();
    const prerendered = /<nav[^>]*aria-label="Product pages"[^>]*>([\s\S]*?)<\/nav>/.exec(
      html,
    )?.[1];
    expect(prerendered).toContain('Pages:');
    expect(prerendered).toMatch(/<button[^>]*disabled[^>]*aria-current="page"[^>]*>2<\/button>/);
    expect(prerendered).toContain(`href="${path}"`);
    expect(prerendered).not.toContain('Previous page');
    expect(prerendered).not.toContain('rel="prev"');
    expect(prerendered?.includes('Next page')).toBe(pages > 2);

    // The last page, once the island runs: no next arrow, its number a disabled button.
    await page.goto(`${path}/page/${pages}`);
    const pager = page.getByRole('navigation', { name: 'Product pages' });
    await expect(pager.getByRole('button', { name: `Page ${pages}` })).toBeDisabled();
    await expect(pager.getByRole('button', { name: `Page ${pages}` })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pager.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'href',
      path,
    );
    await expect(pager.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
    // One page back, the next arrow is there and goes to the last page.
    await pager.getByRole('link', { name: `Page ${pages - 1}` }).click();
    await expect(page).toHaveURL(
      new RegExp(pages - 1 === 1 ? `${path}$` : `${path}/page/${pages - 1}$`),
    );
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(new RegExp(`${path}/page/${pages}$`));
    await expect(pager.locator('[aria-current="page"]')).toHaveText(String(pages));
  });

  test("a middle page's pager keeps its controls on one row, the next arrow too", async ({
    page,
    api,
    isMobile,
  }) => {
    // Issue 29, item 9: '1 … 3 4 [5] 6 7 … 10' filled a 390 px phone's row and the next
    // arrow wrapped onto a line of its own.
    const biggest = await biggestCollection(api);
    const pages = Math.ceil((biggest?.productCount ?? 0) / PER_PAGE);
    if (!biggest || pages < 7) throw new Error('the demo catalogue has no collection of 7 pages');
    await page.goto(`/collections/${biggest.handle}/page/${Math.ceil(pages / 2)}`);
    const pager = page.getByRole('navigation', { name: 'Product pages' });
    const next = pager.getByRole('link', { name: 'Next page' });
    // Past the prerendered pages: the results list draws the page and its pager once its
    // products arrive (a slow machine may take more than the default 10 s).
    await expect(next).toBeVisible({ timeout: 30_000 });
    // Both gaps shown: the row is as long as a pager's row gets.
    await expect(pager.locator('li[aria-hidden="true"]')).toHaveCount(2);
    // A phone at the 390 px and the narrowest common one, 320 px; the desktop as is.
    const widths = isMobile ? [390, 320] : [page.viewportSize()?.width ?? 0];
    for (const width of widths) {
      if (isMobile) await page.setViewportSize({ width, height: 800 });
      const controls = await pager
        .locator('li')
        .evaluateAll((items) =>
          items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect),
        );
      // The line each control sits on, by its middle (a gap's dots are shorter than a number).
      const middle = (box: DOMRect) => box.top + box.height / 2;
      const arrow = controls.at(-1);
      for (const [index, box] of controls.entries()) {
        expect(
          Math.abs(middle(box) - (arrow ? middle(arrow) : NaN)),
          `${String(width)} px: control ${String(index)} on the arrow's row`,
        ).toBeLessThanOrEqual(2);
        expect(
          box.right,
          `${String(width)} px: control ${String(index)} inside the window`,
        ).toBeLessThanOrEqual(width);
      }
    }
  });

  test('a page past the prerendered ones loads its products in the same order', async ({
    page,
    api,
  }) => {
    // src/lib/catalog/collection-page.ts, PRODUCT_PAGES: pages 1 to 3 carry their products,
    // later ones load them from the filter API.
    const biggest = await biggestCollection(api);
    if (!biggest || biggest.productCount <= 4 * PER_PAGE)
      throw new Error('the demo catalogue has no collection with 5 pages');
    const titles = async () =>
      (await productList(page).getByRole('article').getByRole('heading').allTextContents()).map(
        (title) => title.trim(),
      );
    const path = `/collections/${biggest.handle}`;
    await page.goto(`${path}/page/3`);
    const third = await titles();
    expect(third).toHaveLength(PER_PAGE);

    // The prerendered HTML of page 4 has loading cards, no products.
    const html = await (await api.get(`${path}/page/4`)).text();
    expect(html).toContain('aria-label="Loading products"');
    expect(html).not.toMatch(/href="\/products\//);

    const pager = page.getByRole('navigation', { name: 'Product pages' });
    await pager.getByRole('link', { name: 'Page 4', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}/page/4$`));
    await expect(
      productList(page).getByText(
        `Showing ${3 * PER_PAGE + 1}-${4 * PER_PAGE} of ${biggest.productCount}`,
      ),
    ).toBeVisible();
    const fourth = await titles();
    expect(fourth).toHaveLength(PER_PAGE);
    // Title order goes on from page 3, none repeated.
    expect(fourth.filter((title) => third.includes(title))).toEqual([]);
    // One order on both sides: the prerendered page 3 and the API's page 4 (
    // the text of the titles, as SQLite's NOCASE compares it).
    const inOrder = (titles: string[]) =>
      titles.every((title, i) => i === 0 || compareNocase(titles[i - 1] ?? '', title) <= 0);
    expect(inOrder(third)).toBe(true);
    expect(inOrder([...third.slice(-1), ...fourth])).toBe(true);
    await expect(pager.locator('[aria-current="page"]')).toHaveText('4');
    // Its pager goes on to the other pages by their own addresses.
    await expect(pager.getByRole('link', { name: 'Page 5', exact: true })).toHaveAttribute(
      'href',
      `${path}/page/5`,
    );
    await pager.getByRole('link', { name: 'Page 3', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}/page/3$`));
    await expect.poll(titles).toEqual(third);
  });

  test('a long description folds with Read More and Read Less', async ({ page, api }) => {
    const collections = await allCollections(api);
    const longest = [...collections].sort(
      (a, b) => b.descriptionHtml.length - a.descriptionHtml.length,
    )[0];
    if (!longest) throw new Error('the demo catalogue has no collections');
    await page.goto(`/collections/${longest.handle}`);

    const more = page.getByRole('button', { name: 'Read More' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const body = page.locator('[data-description-body]');
    expect((await body.boundingBox())?.height).toBeLessThanOrEqual(800);

    await more.click();
    const less = page.getByRole('button', { name: 'Read Less' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await body.boundingBox())?.height ?? 0).toBeGreaterThan(800);

    await less.click();
    await expect(page.getByRole('button', { name: 'Read More' })).toBeVisible();
  });

  test('a short description shows in full with no toggle', async ({ page, api }) => {
    const collections = await allCollections(api);
    const short = needed(
      collections.find((entry) => entry.handle === FIXTURES.shortDescription.handle),
      `e2e fixture collection ${FIXTURES.shortDescription.handle}`,
    );
    expect(short.descriptionHtml.length).toBeGreaterThan(0);
    expect(short.descriptionHtml.length).toBeLessThan(400);
    await page.goto(`/collections/${short.handle}`);
    await expect(page.locator('[data-description-body]')).toBeVisible();
    await expect(page.getByRole('button', { name: /Read (More|Less)/ })).toHaveCount(0);
  });

  test('an unknown collection is the not-found page', async ({ page }) => {
    expectConsoleError(page, failedRequest(404, '/collections/no-such-collection-here'));
    const reply = await page.goto('/collections/no-such-collection-here');
    expect(reply?.status()).toBe(404);
    await expect(page).toHaveTitle('404 Not Found');
  });

  test('has no serious or critical accessibility violations', async ({ page, api }) => {
    test.setTimeout(60_000);
    const { collection } = await pagedParent(api);
    await page.goto(`/collections/${collection.handle}`);
    expect(await seriousViolations(page, { tags: 'every rule' })).toEqual([]);
  });
});

test.describe('catalogue sidebar', () => {
  test('the CATEGORIES tree opens and links to the collections', async ({ page, api }) => {
    const { collection, children, collections } = await pagedParent(api);
    const topLevel = collections.filter((entry) => entry.parentId === null);
    // The suite's own second branch (tests/e2e/seed-records.ts), top-level with a child.
    const other = needed(
      topLevel.find((entry) => entry.handle === FIXTURES.branch.handle),
      `e2e fixture collection ${FIXTURES.branch.handle} at the top level`,
    );
    await page.goto(`/collections/${collection.handle}`);

    const tree = page.getByRole('navigation', { name: 'Categories' });
    for (const top of topLevel) {
      await expect(tree.getByRole('link', { name: top.title, exact: true })).toHaveAttribute(
        'href',
        `/collections/${top.handle}`,
      );
    }
    // The way to the current page is open, and the page is marked.
    await expect(tree.locator('[aria-current="page"]')).toHaveText(collection.title);
    const firstChild = children[0];
    if (firstChild) {
      await expect(tree.getByRole('link', { name: firstChild.title, exact: true })).toBeVisible();
    }

    // The tree is one shell part for every page (src/lib/shell/shell-parts.ts): the browser
    // marks the page's category, also on its later pages, and no other.
    await expect(tree.locator('[aria-current]')).toHaveCount(1);
    await page.goto(`/collections/${collection.handle}/page/2`);
    await expect(tree.locator('[aria-current="page"]')).toHaveText(collection.title);
    await expect(tree.locator('[aria-current]')).toHaveCount(1);

    // Another branch opens and closes with its toggle.
    const otherChild = needed(
      collections.find((entry) => entry.parentId === other.id),
      `child of ${other.handle}`,
    );
    expect(other.id).not.toBe(collection.id);
    const toggle = tree.getByRole('button', { name: `Subcategories of ${other.title}` });
    const childLink = tree.getByRole('link', { name: otherChild.title, exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(childLink).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(childLink).toBeVisible();
    await toggle.click();
    await expect(childLink).toBeHidden();
  });

  test('BRANDS lists the 10 brands with the most products and links to all brands', async ({
    page,
    api,
  }) => {
    const top = await vendorsByCount(api, 10);
    await page.goto('/collections');
    const brands = page.getByRole('navigation', { name: 'Brands' });
    await expect(brands.getByRole('heading', { name: 'Brands' })).toBeVisible();
    const links = brands.locator('.brand-list').getByRole('link');
    await expect(links).toHaveText(top.map((vendor) => vendor.name));
    await expect(links.first()).toHaveAttribute(
      'href',
      `/brands/${encodeURIComponent(top[0]?.name ?? '')}`,
    );
    await brands.getByRole('link', { name: 'View all brands' }).click();
    await expect(page).toHaveURL(/\/brands$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Brands');
  });
});

test.describe('collection and vendor lists', () => {
  test('the collection list shows every top-level category with its children', async ({
    page,
    api,
  }) => {
    const collections = await allCollections(api);
    await page.goto('/collections');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Categories');
    const list = page.locator('main .groups');
    for (const top of collections.filter((entry) => entry.parentId === null)) {
      const heading = list.getByRole('heading', { level: 2, name: top.title, exact: true });
      await expect(heading.getByRole('link')).toHaveAttribute('href', `/collections/${top.handle}`);
      const child = collections.find((entry) => entry.parentId === top.id);
      if (child) {
        await expect(list.getByRole('link', { name: child.title, exact: true })).toHaveAttribute(
          'href',
          `/collections/${child.handle}`,
        );
      }
    }
  });

  test('the vendor list shows every brand with its product count', async ({ page, api }) => {
    const vendors = await vendorsByCount(api, 1000);
    await page.goto('/collections/vendors');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vendors');
    const items = page.locator('main .vendors > li');
    await expect(items).toHaveCount(vendors.length);
    for (const vendor of vendors) {
      const item = items.filter({
        has: page.getByRole('link', { name: vendor.name, exact: true }),
      });
      await expect(item.getByRole('link')).toHaveAttribute(
        'href',
        `/brands/${encodeURIComponent(vendor.name)}`,
      );
      await expect(item).toContainText(
        `${vendor.productCount} ${vendor.productCount === 1 ? 'product' : 'products'}`,
      );
    }
  });
});
