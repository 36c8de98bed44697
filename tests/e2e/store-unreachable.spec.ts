// When the API is down: /cart.php says so within 10 s with a Retry button
// instead of 'Loading your cart…' for ever, and Add to Cart says it is still trying and then
// gives up with a clear message instead of minutes of silence. The API is taken away with
// page.route: the proxy's 502 (nginx in front of a stopped API process), a refused
// connection, or a reply that never comes.
import type { Page, Route } from '@playwright/test';
import { addWithApi, lineRow, productPageWith, stockedLevel } from './cart-levels.ts';
import { expect, expectConsoleError, failedRequest, listProducts, test } from './fixtures.ts';
import { CART_PRODUCTS } from './seed-records.ts';

// This spec's own product (no other spec file stocks it).
const [PRODUCT] = CART_PRODUCTS.storeUnreachable;

const CART_UNREACHABLE = 'We cannot reach the store right now. Your cart is safe.';
const STILL_TRYING = 'Still trying to reach the store…';
const ADD_UNREACHABLE =
  'We could not add this item: the store cannot be reached. Please try again.';

declare global {
  interface Window {
    __apiRetryStepMs?: number;
  }
}

/** nginx's answer for /api while the API process is down. */
const badGateway = (route: Route) =>
  route.fulfill({ status: 502, contentType: 'text/html', body: '<html>502 Bad Gateway</html>' });

/** The toasts region (an info toast is a status, a danger toast an alert). */
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/**
 * The first enabled add button of the page's product cards (src/islands/card-add), found
 * again by its own name.
 */
async function firstCardButton(page: Page) {
  const first = page
    .getByRole('main')
    .getByRole('button', { name: /^Add to Cart: / })
    .and(page.locator(':enabled'))
    .first();
  await expect(first).toBeEnabled();
  const name = (await first.getAttribute('aria-label')) ?? '';
  return { button: page.getByRole('button', { name, exact: true }), name };
}

/** The first enabled add button of a brand page's product grid (the prerendered cards). */
async function brandCardButton(page: Page, brand: string) {
  await page.goto(`/brands/${encodeURIComponent(brand)}`);
  return firstCardButton(page);
}

test.describe('/cart.php while the API is down', () => {
  test('says it cannot reach the store within 10 s, and Retry loads the cart once it is back', async ({
    page,
    api,
    admin,
  }) => {
    const level = await stockedLevel(api, admin, { handle: PRODUCT });
    await page.goto('/robots.txt'); // the cart call takes its Origin from the page
    await addWithApi(page, level.inventoryLevelId, 2);

    // Every call fails while the API is away; the store and the header log what they missed.
    expectConsoleError(page, failedRequest(502, '/api/'));
    expectConsoleError(page, /^Cart reload failed/);
    expectConsoleError(page, /^\[shell\] could not load the user/);
    await page.route('**/api/**', badGateway);
    await page.goto('/cart.php');
    await expect(page.getByRole('alert').filter({ hasText: CART_UNREACHABLE })).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByText('Loading your cart…')).toHaveCount(0);

    // Still down: Retry says so again, and the page stays usable.
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.click();
    await expect(page.getByRole('alert').filter({ hasText: CART_UNREACHABLE })).toBeVisible();
    await expect(retry).toBeEnabled();

    await page.unroute('**/api/**');
    await retry.click();
    await expect(lineRow(page, level)).toBeVisible();
    await expect(lineRow(page, level).getByRole('textbox')).toHaveValue('2');
    await expect(page.getByText(CART_UNREACHABLE)).toHaveCount(0);
  });

  test('says so within 10 s when the API never answers', async ({ page }) => {
    test.setTimeout(60_000);
    // A stalled API: the request is held for good (nothing is sent back).
    await page.route('**/api/checkouts', () => {});
    // The held request is cancelled when the page goes at the end of the test.
    expectConsoleError(page, /^Cart reload failed/);
    // Within 10 s of asking (src/islands/cart/CartPage.tsx), timed from the cart's read: from
    // the page's load, a busy machine's hydration counted too (it failed once at 14.2 s).
    const asked = page.waitForRequest('**/api/checkouts');
    await page.goto('/cart.php');
    await asked;
    const started = Date.now();
    await expect(page.getByRole('alert').filter({ hasText: CART_UNREACHABLE })).toBeVisible({
      timeout: 10_000,
    });
    // The read's own 8 s time-out, not an instant failure. Its timer starts in the page before
    // the test hears of the request (0.5 s later once in CI), so the bound leaves 2 s for that.
    expect(Date.now() - started).toBeGreaterThanOrEqual(6_000);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('Add to Cart while the API is down', () => {
  test.beforeEach(async ({ page }) => {
    // Test-only hook (docs/testing.md, "Test-only hooks"): 20 ms steps, so 30 retries take
    // seconds.
    await page.addInitScript(() => {
      window.__apiRetryStepMs = 20;
    });
  });

  test('the buy box says it is still trying, then gives up with a clear message', async ({
    page,
    api,
    admin,
  }) => {
    // A product of one variant, so nothing has to be chosen first.
    const { add } = await productPageWith({ page, api, admin }, PRODUCT);

    expectConsoleError(
      page,
      failedRequest('net::ERR_CONNECTION_REFUSED', '/api/checkouts/lineItems'),
    );
    const keys = new Set<string | undefined>();
    await page.route('**/api/checkouts/lineItems', (route) => {
      keys.add(route.request().headers()['idempotency-key']);
      return route.abort('connectionrefused');
    });
    await add.click();
    await expect(page.getByRole('button', { name: STILL_TRYING })).toBeDisabled();
    await expect(toasts(page).getByRole('status').filter({ hasText: STILL_TRYING })).toBeVisible();
    await expect(toasts(page).getByRole('alert').filter({ hasText: ADD_UNREACHABLE })).toBeVisible({
      timeout: 20_000,
    });
    // The notice went when the add gave up; the button is back.
    await expect(toasts(page).getByText(STILL_TRYING)).toHaveCount(0);
    await expect(add).toBeEnabled();
    expect(keys.size, 'one Idempotency-Key on every retry').toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing reached the server, and the cart says so.
    await page.unroute('**/api/checkouts/lineItems');
    const reply = await page.request.get('/api/checkouts');
    const { checkout } = (await reply.json()) as { checkout: { LineItems: unknown[] } };
    expect(checkout.LineItems).toEqual([]);
  });

  test('a card button says it is still trying, then the toast says why it gave up', async ({
    page,
    api,
  }) => {
    const [product] = await listProducts(api, '&sortBy=id_asc');
    const { button, name } = await brandCardButton(page, product?.vendor ?? '');
    const title = name.replace(/^Add to Cart: /, '');

    expectConsoleError(page, failedRequest(502, '/api/checkouts/lineItems'));
    await page.route('**/api/checkouts/lineItems', badGateway);
    await button.click();
    const trying = page.getByRole('button', { name: `Still trying…: ${title}`, exact: true });
    await expect(trying.first()).toBeDisabled();
    await expect(trying.first()).toHaveText('Still trying…');
    await expect(toasts(page).getByRole('alert').filter({ hasText: ADD_UNREACHABLE })).toBeVisible({
      timeout: 20_000,
    });
    // Back to the built label once it gave up.
    await expect(trying).toHaveCount(0);
    await expect(button).toHaveText('Add to Cart');
    await expect(button).toBeEnabled();
  });
});

test('a results list card says it is still trying, then why it gave up', async ({ page }) => {
  await page.addInitScript(() => {
    window.__apiRetryStepMs = 20;
  });
  await page.goto('/search.php?q=wheel');
  const { button: card, name } = await firstCardButton(page);
  const title = name.replace(/^Add to Cart: /, '');

  expectConsoleError(page, failedRequest(503, '/api/checkouts/lineItems'));
  await page.route('**/api/checkouts/lineItems', (route) =>
    route.fulfill({ status: 503, contentType: 'text/html', body: 'Service Unavailable' }),
  );
  await card.click();
  await expect(
    page.getByRole('button', { name: `Still trying…: ${title}`, exact: true }),
  ).toBeDisabled();
  await expect(toasts(page).getByRole('alert').filter({ hasText: ADD_UNREACHABLE })).toBeVisible({
    timeout: 20_000,
  });
  await expect(card).toHaveText('Add to Cart');
});
