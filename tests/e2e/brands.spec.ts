import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

interface ApiVendor {
  name: string;
  productCount: number;
}

const PAGE_SIZE = 25;
const STORE_NAME = 'Industrial Parts Depot';

async function vendorsByCount(api: APIRequestContext): Promise<ApiVendor[]> {
  const reply = await api.get(
    '/api/products/vendors/fullDetail?page=0&limit=1000&sortBy=PRODUCT_COUNT&order=DESC',
  );
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { vendors: ApiVendor[] }).vendors;
}

const brandPath = (name: string) => `/brands/${encodeURIComponent(name)}`;

test.describe('brands', () => {
  test('/brands lists every brand with a link to its page', async ({ page, api }) => {
    const reply = await api.get('/api/products/vendors/index');
    const { vendors } = (await reply.json()) as { vendors: { name: string }[] };
    await page.goto('/brands');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Brands');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(crumbs.getByRole('listitem').last()).toHaveText('Brands');
    const list = page.locator('main ul.brands');
    await expect(list.getByRole('link')).toHaveCount(vendors.length);
    for (const vendor of vendors) {
      await expect(list.getByRole('link', { name: vendor.name, exact: true })).toHaveAttribute(
        'href',
        brandPath(vendor.name),
      );
    }
  });

  test('a brand page shows its products, count, title, canonical and breadcrumbs', async ({
    page,
    api,
  }) => {
    const [brand] = await vendorsByCount(api);
    if (!brand) throw new Error('the demo catalogue has no brands');
    await page.goto('/brands');
    await page.getByRole('link', { name: brand.name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${brandPath(brand.name)}$`));

    await expect(page).toHaveTitle(`${brand.name} | ${STORE_NAME}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand.name);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Brands', brand.name]);
    await expect(crumbs.getByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/brands');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${brandPath(brand.name)}$`),
    );

    const list = page.getByRole('region', { name: 'Products' });
    await expect(list.getByText(`${brand.productCount} products`)).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(Math.min(PAGE_SIZE, brand.productCount));
    for (const vendorLink of await list.getByRole('link', { name: brand.name }).all()) {
      await expect(vendorLink).toBeVisible();
    }
  });

  test('a brand pages by 25, and ?page=N starts on page N', async ({ page, api }) => {
    // The demo seed gives its biggest brand more than one page even at 240 products
    // (server/seed/products.test.ts), so this never skips.
    const brand = (await vendorsByCount(api)).find((vendor) => vendor.productCount > PAGE_SIZE);
    if (!brand) throw new Error(`the demo catalogue has no brand with over ${PAGE_SIZE} products`);
    const { name, productCount } = brand;
    const last = Math.min(2 * PAGE_SIZE, productCount);

    await page.goto(brandPath(name));
    const list = page.getByRole('region', { name: 'Products' });
    await expect(list.getByText(`Showing 1-${PAGE_SIZE} of ${productCount}`)).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Product pages' });
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(new RegExp(`${brandPath(name)}/page/2$`));
    await expect(list.getByText(`Showing 26-${last} of ${productCount}`)).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(last - PAGE_SIZE);
    // The prerendered pager (Pagination.astro) keeps spec storefront 2's rule as the island's
    // does: the current page a disabled button, a next arrow only before the last page, no
    // previous arrow.
    const html = await (await api.get(`${brandPath(name)}/page/2`)).text();
    const prerendered = /<nav[^>]*aria-label="Product pages"[^>]*>([\s\S]*?)<\/nav>/.exec(
      html,
    )?.[1];
    expect(prerendered).toMatch(/<button[^>]*disabled[^>]*aria-current="page"[^>]*>2<\/button>/);
    expect(prerendered).toContain(`href="${brandPath(name)}"`);
    expect(prerendered).not.toContain('Previous page');
    expect(prerendered?.includes('Next page')).toBe(productCount > 2 * PAGE_SIZE);
    await pager.getByRole('link', { name: 'Page 1', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${brandPath(name)}$`));

    await page.goto(`${brandPath(name)}?page=2`);
    await expect(page).toHaveURL(new RegExp(`${brandPath(name)}/page/2$`));
    await expect(list.getByText(`Showing 26-${last} of ${productCount}`)).toBeVisible();
  });

  test('a brand page has no serious or critical accessibility violations', async ({
    page,
    api,
  }) => {
    test.setTimeout(60_000);
    const [brand] = await vendorsByCount(api);
    await page.goto(brandPath(brand?.name ?? ''));
    expect(await seriousViolations(page, { tags: 'every rule' })).toEqual([]);
  });
});
