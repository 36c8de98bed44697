import type { Page } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { seriousViolations } from './axe.ts';
import { signInAsDemo } from './demo-customer.ts';
import { expect, expectConsoleError, failedRequest, test } from './fixtures.ts';
import { FIXTURES } from './seed-records.ts';

// Issue 32, item 9: saved lists. A guest's one list in the browser, offered to the account on
// sign-in; a customer's named lists, made from the quick order, changed, renamed, sent to the
// pad and deleted; and a list to the cart.

const { productBase } = storeConfig.theme.paths;

/** The demo customer is shared by the whole run: each test names its lists apart. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

async function cartLines(page: Page) {
  return page.evaluate(async () => {
    const reply = await fetch('/api/checkouts');
    const body = (await reply.json()) as {
      checkout: { LineItems: { title: string; currentQuantity: number }[] } | null;
    };
    return (body.checkout?.LineItems ?? []).map((line) => [line.title, line.currentQuantity]);
  });
}

test("a guest's list: added from a product page, sent to the cart through the pad, then kept in the account on sign-in", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A number two parts share: the product page's link keeps the one the shopper looked at.
  await page.goto(`${productBase}/${FIXTURES.twinA.handle}`);
  await page.evaluate(() => {
    localStorage.removeItem('partList');
    localStorage.removeItem('quickOrder');
  });
  await page.getByRole('link', { name: 'Add to a list' }).click();
  await expect(
    page.getByRole('heading', { name: `Add ${FIXTURES.twinA.sku} to a list` }),
  ).toBeVisible();
  // Read once: the address forgets it, so a reload does not ask again.
  await expect(page).toHaveURL(/\/lists$/);
  await page.getByLabel('Quantity to add').fill('3');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `${FIXTURES.twinA.sku}: Saved to your list in this browser.`,
  );
  await expect(page.getByLabel(`Quantity of ${FIXTURES.twinA.sku}`)).toHaveValue('3');
  expect(await seriousViolations(page, { within: '.lists' })).toEqual([]);

  await page.getByRole('button', { name: 'Order from this list' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('status').first()).toHaveText('1 line, 1 ready.');
  // Resolved to the part the list kept, not offered as 'choose one'.
  await expect(page.locator('tr.qo-row')).toContainText(FIXTURES.twinA.title);
  await page.getByRole('button', { name: 'Add 1 line to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added' })).toHaveText(
    '1 line added to your cart.',
  );
  expect(await cartLines(page)).toContainEqual([FIXTURES.twinA.title, 3]);

  // Signed in, the browser's list is offered to the account, and leaves the browser once kept.
  await signInAsDemo(page, '/myaccount.asp');
  await expect(
    page.getByText('This browser has a list of 1 part you saved before signing in.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Save it to your account' }).click();
  await expect(page).toHaveURL(/\/lists$/);
  await expect(
    page.getByText('This browser has a list of 1 line from before you signed in.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save it to my account' }).click();
  const kept = page.getByRole('status').filter({ hasText: 'Saved to your account as' });
  await expect(kept).toHaveText(/Saved to your account as ‘My list( \(\d+\))?’\./);
  const name = /‘(.+)’/.exec((await kept.textContent()) ?? '')?.[1] ?? '';
  await expect(page.getByText('This browser has a list')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('partList'))).toBe('[]');
  const list = page
    .locator('.lists-list')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(list).toContainText('1 line');
  // Clean up the demo customer's account for the next run.
  page.once('dialog', (dialog) => void dialog.accept());
  await list.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText(`‘${name}’ is deleted.`);
});

test("a customer's list: saved from the pad, changed, renamed, sent to the pad and deleted", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsDemo(page, '/quick-order');
  await page.evaluate(() => localStorage.removeItem('quickOrder'));
  await page.reload();
  await page.locator('astro-island[component-url*="QuickOrder"]:not([ssr])').waitFor();
  const lines = [`${FIXTURES.twinB.sku} 2`, 'NO-SUCH-PART-1 1'];
  await page.getByLabel(/One part number per line/).fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Add to the list' }).click();
  // The shared number: the shopper picks B, and the list keeps that choice.
  await page
    .locator('tr.qo-row')
    .first()
    .getByRole('button', { name: new RegExp(FIXTURES.twinB.title) })
    .click();
  await expect(page.getByRole('status').first()).toHaveText('2 lines, 1 ready, 1 need you.');

  const name = unique('Dock 3 monthly');
  await page.getByRole('button', { name: 'Save to a list' }).click();
  await page.getByLabel('List', { exact: true }).selectOption({ label: 'A new list…' });
  await page.getByLabel('New list’s name').fill(name);
  expect(await seriousViolations(page, { within: '.qo' })).toEqual([]);
  await page.getByRole('button', { name: 'Save 2 lines' }).click();
  await expect(page.getByRole('status').first()).toHaveText(`Saved to ‘${name}’.`);

  await page.getByRole('link', { name: 'Your saved lists' }).click();
  const list = page
    .locator('.lists-list')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(list).toContainText('2 lines');
  await list.getByRole('button', { name, exact: true }).click();
  await expect(list.getByLabel(`Quantity of ${FIXTURES.twinB.sku}`)).toHaveValue('2');
  expect(await seriousViolations(page, { within: '.lists' })).toEqual([]);
  // A quantity changed is saved when the field is left; a line removed is gone.
  await list.getByLabel(`Quantity of ${FIXTURES.twinB.sku}`).fill('5');
  await list.getByLabel(`Quantity of ${FIXTURES.twinB.sku}`).press('Tab');
  await list.getByRole('button', { name: 'Remove NO-SUCH-PART-1' }).click();
  await expect(list.getByRole('button', { name: 'Remove NO-SUCH-PART-1' })).toHaveCount(0);
  await expect(list).toContainText('1 line ·');
  await page.reload();
  await list.getByRole('button', { name, exact: true }).click();
  await expect(list.getByLabel(`Quantity of ${FIXTURES.twinB.sku}`)).toHaveValue('5');

  const renamed = unique('Dock 3 weekly');
  await list.getByRole('button', { name: 'Rename' }).click();
  await list.getByLabel('New name').fill(renamed);
  await list.getByRole('button', { name: 'Save name' }).click();
  const again = page.locator('.lists-list').filter({
    has: page.getByRole('button', { name: renamed, exact: true }),
  });
  await expect(again).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('quickOrder'));
  await again.getByRole('button', { name: 'Order from this list' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('status').first()).toHaveText('1 line, 1 ready.');
  await expect(page.locator('tr.qo-row')).toContainText(FIXTURES.twinB.title);
  await expect(page.getByLabel(`Quantity of ${FIXTURES.twinB.sku}`)).toHaveValue('5');

  await page.goto('/lists');
  page.once('dialog', (dialog) => void dialog.accept());
  await again.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText(`‘${renamed}’ is deleted.`);
  await expect(again).toHaveCount(0);
});

test('a double click on Create list makes one list and says so once', async ({ page }) => {
  await signInAsDemo(page, '/lists');
  const name = unique('Dock spares');
  await page.getByLabel('New list', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create list' }).dblclick();
  await expect(page.getByRole('status')).toHaveText(
    `‘${name}’ is ready: add parts from a product page or the quick order.`,
  );
  const list = page
    .locator('.lists-list')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(list).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  page.once('dialog', (dialog) => void dialog.accept());
  await list.getByRole('button', { name: 'Delete' }).click();
  await expect(list).toHaveCount(0);
});

test('a name already used is refused with the reason, and the list is not made twice', async ({
  page,
}) => {
  await signInAsDemo(page, '/lists');
  expectConsoleError(page, failedRequest(409, '/api/customer/lists'));
  const name = unique('Van spares');
  for (const attempt of [name, name.toUpperCase()]) {
    await page.getByLabel('New list', { exact: true }).fill(attempt);
    await page.getByRole('button', { name: 'Create list' }).click();
  }
  await expect(page.getByRole('alert')).toHaveText(
    `You have a list called ‘${name.toUpperCase()}’ already. Choose another name.`,
  );
  const list = page
    .locator('.lists-list')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
  await expect(list).toHaveCount(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await list.getByRole('button', { name: 'Delete' }).click();
  await expect(list).toHaveCount(0);
});
