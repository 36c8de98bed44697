import { seriousViolations } from './axe.ts';
import {
  addWithApi,
  cartPageWith,
  cartPageWithLines,
  lineRow,
  openCartPage,
  serverCart,
  stockedLevel,
  type CartPageContext,
} from './cart-levels.ts';
import { expect, expectConsoleError, failedRequest, test } from './fixtures.ts';
import { CART_PRODUCTS } from './seed-records.ts';

// This spec's own products (no other spec file stocks them). Most tests put the first two in
// their carts at 500 units; two tests set a stock of their own.
const [LINE, OTHER_LINE, THREE_IN_STOCK, HUNDRED_IN_STOCK] = CART_PRODUCTS.cart;

/** The cart page with a line of LINE and one of OTHER_LINE, of these quantities. */
const cartPageWithBothLines = (context: CartPageContext, quantities: readonly [number, number]) =>
  cartPageWithLines(context, { handles: [LINE, OTHER_LINE], quantities });

test.describe('the cart page', () => {
  test('an empty cart says so and links to shopping', async ({ page }) => {
    await openCartPage(page);
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('shows each line with its picture, product link, price and totals', async ({
    page,
    api,
    admin,
  }) => {
    const [first] = await cartPageWithBothLines({ page, api, admin }, [2, 1]);
    const row = lineRow(page, first);
    await expect(row.getByRole('link', { name: first.title })).toHaveAttribute(
      'href',
      `/products/${first.handle}`,
    );
    await expect(row.getByRole('textbox', { name: `Quantity of ${first.title}` })).toHaveValue('2');
    await expect(page.getByTestId('cart-total-items')).toHaveText('3');
    const reply = await page.request.get('/api/checkouts');
    const { checkout } = (await reply.json()) as { checkout: { subtotalPrice: number } };
    const subtotal = checkout.subtotalPrice;
    await expect(page.getByTestId('cart-subtotal')).toHaveText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(subtotal),
    );
    // The header's count follows the same store.
    await expect(page.getByTestId('cart-count').first()).toContainText('3');
  });

  test('quantity edits commit after a pause, within bounds, with the spec messages', async ({
    page,
    api,
    admin,
  }) => {
    const level = await cartPageWith({ page, api, admin }, { handle: THREE_IN_STOCK, stock: 3 });
    const row = lineRow(page, level);
    const field = row.getByRole('textbox', { name: `Quantity of ${level.title}` });
    const minus = row.getByRole('button', { name: `Decrease quantity of ${level.title}` });
    const plus = row.getByRole('button', { name: `Increase quantity of ${level.title}` });

    await expect(minus).toBeDisabled(); // 1 - 1 would be 0
    await field.fill('5');
    await expect(row.getByRole('alert')).toHaveText("Can't add more than 3");
    await field.fill('0');
    await expect(row.getByRole('alert')).toHaveText('Quantity must be greater than 0');
    await field.fill('');
    await expect(row.getByRole('alert')).toHaveText('Invalid quantity');
    await field.fill('2x');
    await expect(field).toHaveValue('2'); // digits only
    await expect(row.getByRole('alert')).toHaveCount(0);
    await expect.poll(async () => (await serverCart(page)).get(level.inventoryLevelId)).toBe(2);
    await expect(minus).toBeEnabled();

    await plus.click();
    await expect(field).toHaveValue('3');
    await expect(plus).toBeDisabled(); // no stock left beyond 3
    await expect.poll(async () => (await serverCart(page)).get(level.inventoryLevelId)).toBe(3);
    await expect(page.getByTestId('cart-total-items')).toHaveText('3');
  });

  test('ten quick presses of + and a double click end with server and screen agreeing', async ({
    page,
    api,
    admin,
  }) => {
    const level = await cartPageWith(
      { page, api, admin },
      { handle: HUNDRED_IN_STOCK, stock: 100 },
    );
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.headers()['idempotency-key'] ?? '');
    });
    const row = lineRow(page, level);
    const plus = row.getByRole('button', { name: `Increase quantity of ${level.title}` });
    for (let press = 0; press < 10; press++) await plus.click();
    await plus.dblclick();
    await expect(row.getByRole('textbox')).toHaveValue('13');
    await expect.poll(async () => (await serverCart(page)).get(level.inventoryLevelId)).toBe(13);
    await expect(page.getByTestId('cart-total-items')).toHaveText('13');
    expect(new Set(puts).size).toBe(puts.length); // one key per logical call
  });

  test('removing a line (even with a double click) removes it once', async ({
    page,
    api,
    admin,
  }) => {
    const [first, second] = await cartPageWithBothLines({ page, api, admin }, [1, 2]);
    const deletes: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'DELETE') deletes.push(response.status());
    });
    await lineRow(page, first)
      .getByRole('button', { name: `Remove ${first.title} from cart` })
      .dblclick();
    await expect(lineRow(page, first)).toHaveCount(0);
    await expect(lineRow(page, second)).toHaveCount(1);
    expect([...(await serverCart(page)).entries()]).toEqual([[second.inventoryLevelId, 2]]);
    expect(deletes).toEqual([200]);
  });

  test("a double click's second click, landing on the next line's Remove, removes nothing", async ({
    page,
    api,
    admin,
  }) => {
    // A fast reply removes the first line between the two clicks of a double click, and the
    // next line's button moves under the pointer. Played here in that order on purpose.
    const [first, second] = await cartPageWithBothLines({ page, api, admin }, [1, 1]);
    const removeOf = (level: typeof first) =>
      lineRow(page, level).getByRole('button', { name: `Remove ${level.title} from cart` });
    const box = await removeOf(first).boundingBox();
    if (!box) throw new Error('the Remove button has no box');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.click(x, y);
    await expect(lineRow(page, first)).toHaveCount(0);
    const next = await removeOf(second).boundingBox();
    if (!next) throw new Error('the next Remove button has no box');
    // Only a meaningful test while the next button really is under the pointer.
    expect(
      x >= next.x && x <= next.x + next.width && y >= next.y && y <= next.y + next.height,
    ).toBe(true);
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request.url());
    });
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
    // React applies a click's state at once, so a removal that started shows here already.
    expect(await removeOf(second).isEnabled({ timeout: 2_000 })).toBe(true);
    expect([...(await serverCart(page)).entries()]).toEqual([[second.inventoryLevelId, 1]]);
    // A keyboard press is not a repeat click and still removes.
    await removeOf(second).press('Enter');
    await expect(lineRow(page, second)).toHaveCount(0);
    expect(deletes).toHaveLength(1);
  });

  test('discount codes: applied, refused with the reason, removed', async ({
    page,
    api,
    admin,
  }) => {
    await cartPageWith({ page, api, admin }, { handle: LINE });
    const field = page.getByRole('textbox', { name: 'Discount code' });
    expectConsoleError(page, failedRequest(422, '/api/checkouts/'));
    await field.fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'NOPE' })).toHaveText(
      'The discount code "NOPE" is not valid.',
    );
    await field.fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Applied: WELCOME10')).toBeVisible();
    await expect(page.getByTestId('cart-discount')).toHaveText(/^-\$\d/);
    await page.getByRole('button', { name: 'Remove discount code WELCOME10' }).click();
    await expect(page.getByText('Applied: WELCOME10')).toHaveCount(0);
    await expect(page.getByTestId('cart-discount')).toHaveText('$0.00');
  });

  test('shipping is estimated by state', async ({ page, api, admin }) => {
    await cartPageWith({ page, api, admin }, { handle: LINE });
    await page.getByRole('button', { name: 'Estimate' }).click();
    await expect(page.getByRole('alert')).toHaveText('Choose a state to estimate shipping.');
    await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Alaska' });
    await page.getByRole('button', { name: 'Estimate' }).click();
    const estimate = page.getByTestId('shipping-estimate');
    await expect(estimate).toContainText('Shipping$49.99');
    await expect(estimate).toContainText('Estimated tax (0%)');
  });

  test('the checkout button leads to the external checkout with this cart', async ({
    page,
    api,
    admin,
  }) => {
    const level = await cartPageWith({ page, api, admin }, { handle: LINE, quantity: 2 });
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL(/\/api\/external-checkout\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(
      // A string name is matched as a part of the row's name: a title may hold '(' or '.'.
      page.getByRole('row', { name: level.title.slice(0, 20) }),
    ).toContainText('2');
  });

  test('a change in one tab shows in another', async ({ context, api, admin }) => {
    test.setTimeout(90_000); // two pages hydrating on a shared, busy machine
    const level = await stockedLevel(api, admin, { handle: LINE });
    // The watching tab opens first; the acting tab opens last, so it is the one in front
    // (a page in the background gets no animation frames, which clicks and typing wait for).
    const second = await context.newPage();
    await second.goto('/');
    await addWithApi(second, level.inventoryLevelId, 1);
    await openCartPage(second);
    await expect(lineRow(second, level).getByRole('textbox')).toHaveValue('1');
    const first = await context.newPage();
    await openCartPage(first);
    await lineRow(first, level).getByRole('textbox').fill('4');
    await expect(lineRow(second, level).getByRole('textbox')).toHaveValue('4');
    await lineRow(first, level)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(second.getByText('Your cart is empty.')).toBeVisible();
  });
});

test.describe('the header cart', () => {
  test('the button toggles the mini-cart, which closes on Escape and outside clicks', async ({
    page,
    api,
    admin,
  }) => {
    const level = await stockedLevel(api, admin, { handle: LINE });
    await page.goto('/');
    await addWithApi(page, level.inventoryLevelId, 2);
    await page.goto('/help.asp');
    // Before the button hydrates, the header's plain script draws the count.
    await expect(page.getByTestId('cart-count')).toContainText('2');
    await page.locator('[data-header-cart]').hover();
    const button = page.getByRole('button', { name: /View cart/ });
    await expect(button).toContainText('2');
    await button.click();
    const overlay = page.getByRole('dialog', { name: 'Your cart' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByTestId('cart-total-items')).toHaveText('2');
    await expect(
      overlay.getByText(
        /Spend \$[\d,.]+ more and get free shipping!|You're eligible for free shipping!/,
      ),
    ).toBeVisible();
    await expect(overlay.getByRole('button', { name: 'Close cart' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab'); // wraps to the last control: focus stays inside
    expect(await overlay.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(overlay).toBeVisible();
    await button.click(); // toggles
    await expect(overlay).toBeHidden();
    await button.click();
    await expect(overlay).toBeVisible();
    // Outside: the bottom-left corner, clear of the overlay at every screen size.
    const viewport = page.viewportSize() ?? { width: 400, height: 700 };
    await page.mouse.click(4, viewport.height - 4);
    await expect(overlay).toBeHidden();
  });

  test('before hydration the button is a plain link to /cart.php', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/help.asp');
    await expect(page.getByRole('link', { name: 'View cart' })).toHaveAttribute(
      'href',
      '/cart.php',
    );
    await context.close();
  });
});

test('the cart page and the open overlay have no serious accessibility violations', async ({
  page,
  api,
  admin,
}) => {
  test.setTimeout(120_000);
  const level = await cartPageWith({ page, api, admin }, { handle: LINE });
  await expect(lineRow(page, level)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The header's button wakes when the shopper reaches for it (client:interact), here too.
  await page.locator('[data-header-cart]').hover();
  await page.getByRole('button', { name: /View cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
