import type { Locator } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { addWithApi, stockedLevel } from './cart-levels.ts';
import { expect, listProducts, test } from './fixtures.ts';
import { signInAsDemo } from './demo-customer.ts';
import { CART_PRODUCTS } from './seed-records.ts';

// One form style for every form in the store (issue 29 item 3; src/islands/shared/form.css):
// at 390 and 1280 px every field is at least 44 px tall for a finger, has 16 px text (phone
// browsers zoom into a field with smaller text), a label, and the focus ring; a field the
// shopper got wrong shows the error state. Before it, the sign-in, registration and password
// fields were 21 px tall with 13.3 px text: their rules were scoped to the account pages.

/** The store's danger red (--brand), the border of a field in error. */
const ERROR_BORDER = 'rgb(200, 16, 46)';
/** Text fields and lists: what a shopper types in or picks from (not check boxes). */
const FIELDS =
  'input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="submit"]), select, textarea';

// Sign-in hashes a password and some pages wait for their island: generous limits for a busy
// machine (no timed assertions; these only bound the waiting).
test.describe.configure({ timeout: 120_000 });

interface FieldLook {
  field: string;
  height: number;
  fontSize: number;
  labelled: boolean;
  ring: boolean;
}

/** How each visible field in `scope` looks, focused in turn to see its focus ring. */
async function fieldLooks(scope: Locator): Promise<FieldLook[]> {
  const fields = scope.locator(FIELDS).filter({ visible: true });
  await expect(fields.first()).toBeVisible();
  const looks: FieldLook[] = [];
  for (const field of await fields.all()) {
    await field.focus();
    looks.push(
      await field.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        return {
          field: el.name || el.id || el.getAttribute('aria-label') || el.tagName,
          height: el.getBoundingClientRect().height,
          fontSize: parseFloat(style.fontSize),
          labelled:
            (el.labels?.length ?? 0) > 0 ||
            el.hasAttribute('aria-label') ||
            el.hasAttribute('aria-labelledby'),
          ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
        };
      }),
    );
  }
  return looks;
}

/** Fields of `scope` that break the one form style, with what is wrong with them. */
async function offStyle(scope: Locator): Promise<string[]> {
  return (await fieldLooks(scope)).flatMap(({ field, height, fontSize, labelled, ring }) => [
    ...(height < 44 ? [`${field} is ${String(height)} px tall`] : []),
    ...(fontSize < 16 ? [`${field} has ${String(fontSize)} px text`] : []),
    ...(labelled ? [] : [`${field} has no label`]),
    ...(ring ? [] : [`${field} shows no focus ring`]),
  ]);
}

const borderOf = (field: Locator) => field.evaluate((el) => getComputedStyle(el).borderTopColor);

for (const [name, path] of [
  ['sign-in', '/login.asp'],
  ['registration', '/register'],
  ['account recovery', '/recover-account'],
  ['new password', '/reset-password?token=from-the-email'],
  ['verification', '/start-verification'],
] as const) {
  test(`the ${name} form has the store's fields`, async ({ page }) => {
    await page.goto(path);
    const form = page.getByRole('main').locator('form');
    // The island enables its fields when it runs.
    await expect(form.locator('input').first()).toBeEnabled();
    expect(await offStyle(form)).toEqual([]);
  });
}

test('a field the shopper got wrong shows the error state, and loses nothing', async ({ page }) => {
  await page.goto('/login.asp');
  const email = page.getByLabel('Email');
  await expect(email).toBeEnabled();
  const normal = await borderOf(email);
  await email.fill('not-an-email');
  await email.press('Tab');
  expect(await borderOf(email)).toBe(ERROR_BORDER);
  expect(normal).not.toBe(ERROR_BORDER);
  await expect(email).toHaveValue('not-an-email');
});

test("the quote request's fields, and its messages when one is missing", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await expect(dialog).toBeVisible();
  expect(await offStyle(dialog)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const name = dialog.getByLabel(/^Name/);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(await borderOf(name)).toBe(ERROR_BORDER);
  // Its message says what is wrong, in the form's error style, under the field.
  const message = dialog.locator(`#${(await name.getAttribute('aria-describedby')) ?? ''}`);
  await expect(message).toBeVisible();
  expect(await message.evaluate((el) => getComputedStyle(el).color)).toBe(ERROR_BORDER);
});

test("the cart page's quantity, discount code and shipping forms", async ({ page, api, admin }) => {
  // This spec's own product (no other spec file stocks it).
  const level = await stockedLevel(api, admin, { handle: CART_PRODUCTS.forms[0] });
  await page.goto('/');
  await addWithApi(page, level.inventoryLevelId, 1);
  await page.goto('/cart.php');
  const main = page.getByRole('main');
  await expect(main.getByRole('textbox', { name: 'Discount code' })).toBeVisible();
  expect(await offStyle(main)).toEqual([]);
});

test("the results list's sorting and the filters' price and find fields", async ({ page }) => {
  await page.goto('/search.php?q=wheel');
  const main = page.getByRole('main');
  await expect(main.getByRole('combobox', { name: /sort/i })).toBeVisible();
  // The toolbar's sort and page size lists (ResultsToolbar.tsx).
  expect(await offStyle(main.locator('.rl-toolbar'))).toEqual([]);
  await main.getByRole('button', { name: /^Filters/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  expect(await offStyle(drawer)).toEqual([]);
});

test("the header's search box and a product page's buy box", async ({ page, api }) => {
  const [product] = await listProducts(api);
  await page.goto(`${storeConfig.theme.paths.productBase}/${product?.handle ?? ''}`);
  expect(await offStyle(page.getByRole('search'))).toEqual([]);
  const buy = page.getByRole('main').locator(FIELDS).filter({ visible: true });
  if ((await buy.count()) > 0) expect(await offStyle(page.getByRole('main'))).toEqual([]);
});

test("a customer's forms: password, recovery email, address, wallet search", async ({ page }) => {
  await signInAsDemo(page, '/change-password');
  const main = page.getByRole('main');
  await expect(main.locator('input').first()).toBeEnabled();
  expect(await offStyle(main.locator('form'))).toEqual([]);

  await page.goto('/recovery-email');
  await expect(main.getByLabel('Recovery email')).toBeVisible();
  expect(await offStyle(main.locator('form'))).toEqual([]);

  await page.goto('/address.asp');
  await main.getByRole('button', { name: 'Add an address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Country').selectOption({ label: 'United States' });
  await expect(dialog.getByLabel(/^City/)).toBeVisible();
  expect(await offStyle(dialog)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/wallet');
  await main.getByRole('tab', { name: 'Transaction History' }).click();
  expect(await offStyle(main)).toEqual([]);
});
