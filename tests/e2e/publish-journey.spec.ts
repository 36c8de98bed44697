import type { APIRequestContext } from '@playwright/test';
import { formatPrice as formatAmount } from '../../shared/format/price.ts';
import { expect, test } from './fixtures.ts';
import { NAME, signIn } from './publish-page.ts';

// The publish journey ("Done when"): a merchandiser changes a price, presses Publish
// on the page, follows the progress, finds the new price live, and rolls back. It runs in its
// own project after every other one (playwright.config.ts): it changes the live site.

/** A publish of the test store's catalogue on these 2 cores. */
const PUBLISH_TIMEOUT = 240_000;

const formatPrice = (amount: number) => formatAmount(amount, 'USD');

async function aProduct(admin: APIRequestContext) {
  const answer = await admin.get('/api/products?limit=1');
  const { products } = (await answer.json()) as {
    products: { id: number; handle: string; title: string; price: number }[];
  };
  const product = products[0];
  if (!product) throw new Error('The e2e store has no product.');
  return product;
}

test('a merchandiser publishes, follows it to the end, and rolls back', async ({ page, admin }) => {
  test.setTimeout(PUBLISH_TIMEOUT * 2 + 60_000);
  const product = await aProduct(admin);
  const price = Math.round(product.price * 100 + 123) / 100;
  const patched = await admin.patch(`/api/admin/products/${String(product.id)}`, {
    data: { price },
    headers: { 'x-merchandiser': NAME },
  });
  expect(patched.status()).toBe(200);
  try {
    await signIn(page);
    // The change is listed as not yet published, with who made it, by the product's name and
    // its new price (issue 33, item 11).
    await expect(page.locator('#pending-box')).toContainText(`admin:${NAME}`);
    const row = page
      .locator('#pending-rows tr')
      .filter({ hasText: `admin:${NAME}` })
      .first();
    await expect(row).toContainText(product.title);
    await expect(row).toContainText(
      new RegExp(`Price .* → ${formatPrice(price).replace('$', '\\$')}`),
    );
    // Before the button: what the publish will do, how long it should take and which pages it
    // renders (issue 33, item 11).
    await expect(page.locator('#forecast')).toHaveText(
      /^The next publish is (quick|a full build), .*[Ii]t renders .*\d.*\.$/,
    );
    const live = page.locator('#live');
    await expect(live).toHaveText(/^Release /);
    const before = /^Release (\S+),/.exec((await live.textContent()) ?? '')?.[1] ?? '';
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') asked.push(new URL(request.url()).pathname);
    });

    await page.getByRole('button', { name: 'Publish changes' }).dblclick();
    await expect(page.getByRole('progressbar', { name: 'Progress of the publish' })).toBeVisible();
    const status = page.getByRole('status');
    await expect(status).toHaveText(/^Publish \d{8}-\d{6}-[0-9a-f]{4}(?: is queued| is live|:)/);
    const id = /^Publish (\S+?)(?: is|:)/.exec((await status.textContent()) ?? '')?.[1] ?? '';
    await expect(status).toHaveText(new RegExp(`^Publish ${id} is live, in `), {
      timeout: PUBLISH_TIMEOUT,
    });
    expect(asked).toEqual(['/api/admin/publish']);
    await expect(page.getByRole('button', { name: 'Publish changes' })).toBeEnabled();
    await expect(live).toHaveText(new RegExp(`^Release ${id}, published `));

    const newest = page.getByRole('row').filter({ hasText: id });
    await expect(newest).toHaveCount(1);
    await expect(newest).toContainText('Done');
    await expect(newest).toContainText(`admin:${NAME}`);
    await expect(newest).toContainText('This page');
    await expect(newest).toContainText(/pages rendered/);
    // The new price is on the product page and in its offer (tests/build/incremental.test.ts
    // proves the search index and sitemap equal a clean build of the same data).
    const shown = formatPrice(price);
    const productPage = await (await page.request.get(`/products/${product.handle}`)).text();
    expect(productPage).toContain(shown);
    expect(productPage).toContain(`data-price="${String(price)}"`);
    expect(productPage).toContain(`"price":"${price.toFixed(2)}"`);
    await expect(page.locator('#pending-summary')).toHaveText('Every change is live.');
    await expect(page.locator('#forecast')).toHaveText('');

    await page.getByRole('button', { name: 'Roll back to the previous publish' }).click();
    await page.getByRole('button', { name: 'Yes, roll back' }).click();
    await expect(status).toHaveText(/^Rollback \d{8}-\d{6}-[0-9a-f]{4} is live/, {
      timeout: PUBLISH_TIMEOUT,
    });
    await expect(live).toHaveText(new RegExp(`^Release ${before}, published `));
    expect(asked).toEqual(['/api/admin/publish', '/api/admin/publish/rollback']);
    const home = await page.request.get('/');
    expect(home.status()).toBe(200);
    // The release before it is live again: the old price, and the change pending once more.
    const rolledBack = await (await page.request.get(`/products/${product.handle}`)).text();
    expect(rolledBack).not.toContain(shown);
    await expect(page.locator('#pending-box')).toContainText(`admin:${NAME}`);
  } finally {
    // The catalogue as it was, whatever happened (the live site follows at the next publish).
    const restored = await admin.patch(`/api/admin/products/${String(product.id)}`, {
      data: { price: product.price },
    });
    expect(restored.status()).toBe(200);
  }
});
