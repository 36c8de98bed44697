import {
  articleUrl,
  expect,
  expectConsoleError,
  failedRequest,
  listProducts,
  productByHandle,
  test,
} from './fixtures.ts';
import { FIXTURES } from './seed-records.ts';

test.describe('pages built from the API', () => {
  test('home page shows the store and its featured products', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Industrial Parts Depot');
    const featured = page.getByRole('region', { name: 'Featured Products' });
    await expect(featured.getByRole('article')).toHaveCount(10);
  });

  test('a product page shows what the API holds for it', async ({ page, api }) => {
    const [product] = await listProducts(api, '&sortBy=price_desc');
    if (!product) throw new Error('the demo catalogue has no products');
    const reply = await api.get(`/api/products/handle/${product.handle}`);
    const { product: detail } = (await reply.json()) as {
      product: { title: string; vendor: string; partNumber: string };
    };

    await page.goto(`/products/${product.handle}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
    await expect(page.getByRole('link', { name: detail.vendor, exact: true })).toHaveAttribute(
      'href',
      `/search.php?v=${encodeURIComponent(detail.vendor)}`,
    );
    await expect(
      page.getByText(`Part number: ${detail.partNumber}`, { exact: true }),
    ).toBeVisible();
    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveAttribute('href', new RegExp(`/products/${product.handle}$`));
  });

  test('a free-priced product asks the shopper to call', async ({ page, api }) => {
    const { handle } = FIXTURES.callForPrice;
    expect((await productByHandle<{ price: number }>(api, handle)).price).toBe(0);
    await page.goto(`/products/${handle}`);
    await expect(page.getByText('Please call us for price on this product.')).toBeVisible();
  });

  test('an unknown page is the not-found page', async ({ page }) => {
    expectConsoleError(page, failedRequest(404, '/no-such-page-here')); // the page itself
    const reply = await page.goto('/no-such-page-here');
    expect(reply?.status()).toBe(404);
    await expect(page).toHaveTitle('404 Not Found');
    await expect(page.getByRole('heading', { name: 'This page does not exist.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });

  test('Go Back returns to the previous page', async ({ page }) => {
    await page.goto('/');
    expectConsoleError(page, failedRequest(404, '/no-such-page-here')); // the page itself
    await page.goto('/no-such-page-here');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('one origin', () => {
  test('the API answers through the site', async ({ api }) => {
    const reply = await api.get('/api/health');
    expect(reply.status()).toBe(200);
    expect(await reply.json()).toMatchObject({ ok: true });
  });

  test('legacy article links redirect to the article in one hop', async ({ api }) => {
    const reply = await api.get('/Articles.asp?ID=355', { maxRedirects: 0 });
    expect(reply.status()).toBe(301);
    const location = reply.headers()['location'] ?? '';
    expect(location).toBe(await articleUrl(api, 355));
    expect((await api.get(location, { maxRedirects: 0 })).status()).toBe(200);
  });
});
