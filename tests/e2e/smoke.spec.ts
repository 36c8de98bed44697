// The journeys a shopper takes first, run against both web servers over the same build: nginx
// in the desktop project (the production topology) and the local Node server of `npm start`
// in the smoke-node project (playwright.config.ts). The fixtures fail a test on any page
// error, CSP violation or unexpected console error, so each page here also proves that the
// server's Content-Security-Policy lets that page's own scripts run.
import { lineRow, openCartPage, productPageWith } from './cart-levels.ts';
import { expect, listProducts, test } from './fixtures.ts';
import { CART_PRODUCTS } from './seed-records.ts';

// This spec's own product (no other spec file stocks it).
const [PRODUCT] = CART_PRODUCTS.smoke;

test('the home page shows its header, search and cart', async ({ page }) => {
  const reply = await page.goto('/');
  expect(reply?.status()).toBe(200);
  expect(reply?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('combobox').first()).toBeVisible();
  // The cart link becomes the mini-cart's button once its island hydrates, when the shopper
  // reaches for it (client:interact): scripts ran.
  await page.locator('[data-header-cart]').hover();
  await expect(page.getByRole('button', { name: /^View cart/ }).first()).toBeVisible();
});

test('a product goes into the cart from its page and shows on /cart.php', async ({
  page,
  api,
  admin,
}) => {
  const { level, add } = await productPageWith({ page, api, admin }, PRODUCT);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(level.title.slice(0, 10));
  await add.click();
  await expect(page.getByTestId('cart-count').first()).toContainText('1');
  await openCartPage(page);
  await expect(lineRow(page, level)).toBeVisible();
});

test('a search lists products from the API', async ({ page, api }) => {
  const [product] = await listProducts(api, '&sortBy=id_asc');
  if (!product) throw new Error('a product expected');
  const word = product.title.split(/\s+/).find((part) => /^[A-Za-z]{4,}$/.test(part)) ?? 'wheel';
  await page.goto(`/search.php?q=${encodeURIComponent(word)}`);
  // The results come from the API once the list has hydrated: on a loaded CI machine that took
  // over the default 10 s once (collections.spec.ts waits as long for its next page).
  await expect(
    page
      .locator('main')
      .getByRole('link', { name: new RegExp(word, 'i') })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
});

test('legacy and handle-alone URLs reach their pages', async ({ page, api }) => {
  const [product] = await listProducts(api, '&sortBy=id_asc');
  if (!product) throw new Error('a product expected');
  await page.goto(`/${product.handle}`);
  await expect(page).toHaveURL(new RegExp(`/products/${product.handle}$`));
  await page.goto('/login.asp');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
});

test('the sign-in page cannot be framed by another site', async ({ page }) => {
  const reply = await page.goto('/login.asp');
  const headers = reply?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  const script = /script-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '';
  expect(script).not.toContain("'unsafe-inline'");
});

test("a question's older address leads to it in one hop; an unknown id is not found", async ({
  page,
  api,
}) => {
  // The demo published this address before its questions were reworded to fit their
  // products; the id stays, the handle after it changed (src/lib/routing/question-redirects.ts).
  const old = '/questions/Q10001/will-this-fit-a-crown-pth50';
  const reply = await api.get('/api/questions/Q10001');
  expect(reply.ok()).toBe(true);
  const { question } = (await reply.json()) as { question: { handle: string; title: string } };
  const address = `/questions/Q10001/${question.handle}`;
  expect(address).not.toBe(old);

  const hop = await api.get(`${old}?ref=mail`, { maxRedirects: 0 });
  expect(hop.status()).toBe(301);
  // Straight to the page that answers: no second hop.
  expect(hop.headers().location).toBe(`${address}?ref=mail`);
  expect((await api.get(address, { maxRedirects: 0 })).status()).toBe(200);

  await page.goto(old);
  await expect(page).toHaveURL(new RegExp(`${address}/?$`));
  const title = question.title.replace(/\s+/g, ' ').trim();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  const unknown = '/questions/Q99999/will-this-fit-a-crown-pth50';
  expect((await api.get(unknown, { maxRedirects: 0 })).status()).toBe(404);
});
