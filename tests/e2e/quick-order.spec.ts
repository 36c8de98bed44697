import type { APIRequestContext, Page } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { seriousViolations } from './axe.ts';
import { catalogueProducts, expect, expectConsoleError, failedRequest, test } from './fixtures.ts';
import { FIXTURES } from './seed-records.ts';
import { signInAsDemo } from './demo-customer.ts';

// Issue 32: the quick-order pad, on the demo catalogue's own part numbers.

const { productBase } = storeConfig.theme.paths;

interface Record {
  sku: string;
  vendor: string;
  price: number;
  availableForSale: boolean;
  Variants: {
    availableInventoryLevels: { availableQuantity: number; availableForSale: boolean }[];
  }[];
  CrossReferences: { number: string; relation: string }[];
}

const key = (part: string) => part.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * `count` demo part numbers a buyer can order 2 of: one variant for sale and in stock, sold
 * online, and a number no other product has as its own or as another maker's.
 */
async function orderableNumbers(api: APIRequestContext, count: number): Promise<string[]> {
  const products = await catalogueProducts<Record>(api);
  const owners = new Map<string, number>();
  for (const product of products) {
    for (const part of [product.sku, ...product.CrossReferences.map((r) => r.number)]) {
      owners.set(key(part), (owners.get(key(part)) ?? 0) + 1);
    }
  }
  const picked = products
    .filter((product) => {
      const level = product.Variants[0]?.availableInventoryLevels[0];
      return (
        product.Variants.length === 1 &&
        product.availableForSale &&
        product.price > 0 &&
        level?.availableForSale === true &&
        level.availableQuantity >= 10 &&
        product.sku.length >= 5 &&
        owners.get(key(product.sku)) === 1
      );
    })
    .map((product) => product.sku)
    .slice(0, count);
  expect(picked).toHaveLength(count);
  return picked;
}

async function openPad(page: Page) {
  await page.goto('/quick-order');
  await page.evaluate(() => localStorage.removeItem('quickOrder'));
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Quick order by part number' }),
  ).toBeVisible();
  // Awake: a paste reaches its handler (one made earlier is taken from the field, but a
  // test that fills then clicks at once would race the island's start).
  await page.locator('astro-island[component-url*="QuickOrder"]:not([ssr])').waitFor();
}

test('a pasted list of 40 lines: the good ones go to the cart, the bad and the ambiguous stay with their reason', async ({
  page,
  api,
}) => {
  test.setTimeout(90_000);
  const numbers = await orderableNumbers(api, 37);
  // Spelled as buyers type them, in the forms the pad reads.
  const good = numbers.map((sku, index) =>
    index % 3 === 0
      ? `${sku}\t2`
      : index % 3 === 1
        ? `2 x ${sku.toLowerCase()}`
        : `${sku.replaceAll('-', ' ')}, 2`,
  );
  const lines = [...good, 'NO-SUCH-PART-1 2', 'ZZ-99999-QQ, 2', `${FIXTURES.twinA.sku} 2`];
  await openPad(page);
  await page.getByLabel(/One part number per line/).fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Add to the list' }).click();

  const status = page
    .getByRole('status')
    .filter({ hasText: /lines?/ })
    .first();
  await expect(status).toHaveText('40 lines, 37 ready, 3 need you.');
  // A screen reader is told each row that needs the shopper, by number and reason.
  await expect(page.locator('.qo-review p.visually-hidden[aria-live="polite"]')).toContainText(
    `NO-SUCH-PART-1: No part has this number.`,
  );
  const row = (part: string) =>
    page.locator('tr.qo-row').filter({ has: page.locator(`input[value="${part}"]`) });
  await expect(row('NO-SUCH-PART-1')).toContainText('No part has this number');
  await expect(row(FIXTURES.twinA.sku)).toContainText('2 makers use this number: choose one.');
  expect(await seriousViolations(page, { within: '.qo' })).toEqual([]);

  // Reloaded, the list is still there.
  await page.reload();
  await expect(status).toHaveText('40 lines, 37 ready, 3 need you.');

  await page.getByRole('button', { name: 'Add 37 lines to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added' })).toHaveText(
    '37 of 40 lines added, 3 need you.',
  );
  await expect(page.locator('tr.qo-row')).toHaveCount(3);
  const lineCount = await page.evaluate(async () => {
    const reply = await fetch('/api/checkouts');
    const body = (await reply.json()) as { checkout: { LineItems: { currentQuantity: number }[] } };
    return body.checkout.LineItems.map((line) => line.currentQuantity);
  });
  expect(lineCount).toHaveLength(37);
  expect(lineCount.every((quantity) => quantity === 2)).toBe(true);

  // The ambiguous number: the shopper chooses, and it goes too.
  await row(FIXTURES.twinA.sku)
    .getByRole('button', { name: new RegExp(FIXTURES.twinB.title) })
    .click();
  await expect(row(FIXTURES.twinA.sku)).toContainText(FIXTURES.twinB.title);
  await page.getByRole('button', { name: 'Add 1 line to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added' })).toHaveText(
    '1 of 3 lines added, 2 need you.',
  );
});

test('a file saved by a spreadsheet (semicolons, a header, a byte-order mark) fills the list', async ({
  page,
  api,
}) => {
  const [first, second] = await orderableNumbers(api, 2);
  await openPad(page);
  const csv = `\uFEFFQty;Part Number;Description\r\n3;${first ?? ''};Load wheel\r\n1;${second ?? ''};Seal\r\n`;
  await page.getByLabel('Choose a file, or drop it here').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(page.getByRole('status').first()).toHaveText('2 lines, 2 ready.');
  await expect(page.locator(`input[value="${first ?? ''}"]`)).toBeVisible();
  await expect(page.getByLabel(`Quantity of ${first ?? ''}`)).toHaveValue('3');
});

test('buy again: a past order fills the pad, and says what each part costs now', async ({
  page,
}) => {
  await signInAsDemo(page, '/orders.asp');
  await page.getByRole('link', { name: 'DEMO-1001' }).click();
  await expect(page.getByRole('heading', { name: 'Order DEMO-1001' })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('quickOrder'));
  await page.getByRole('link', { name: 'Buy this order again' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('status').first()).toHaveText('2 lines, 2 ready.');
  const rows = page.locator('tr.qo-row');
  // The demo's past orders were paid a little less than today's prices.
  for (const index of [0, 1]) {
    await expect(rows.nth(index)).toContainText(
      /You paid \$[\d,.]+ last time; it is \$[\d,.]+ now\./,
    );
  }
  await expect(rows.nth(0).getByRole('textbox', { name: /^Quantity/ })).toHaveValue('4');
  // The link's lines joined the list once: a reload adds nothing.
  await page.reload();
  await expect(page.getByRole('status').first()).toHaveText('2 lines, 2 ready.');
});

test('with the store unreachable, the list waits, kept, and nothing goes to the cart', async ({
  page,
  api,
}) => {
  const [first] = await orderableNumbers(api, 1);
  expectConsoleError(page, failedRequest('net::ERR_FAILED', '/api/quick-order/resolve'));
  await page.route('**/api/quick-order/resolve', (route) => route.abort('failed'));
  await openPad(page);
  await page.getByLabel(/One part number per line/).fill(`${first ?? ''} 2\nNO-SUCH-PART-9 1`);
  await page.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByText(/We cannot reach the store right now/)).toBeVisible();
  const rows = page.locator('tr.qo-row');
  await expect(rows.first()).toContainText(
    'Price and stock will be checked when the store answers.',
  );
  // The published static index names the known part; the unknown number stays bare.
  await expect(rows.first().locator('.qo-product')).toContainText(first ?? '');
  await expect(rows.first().locator('.qo-product a')).toHaveAttribute(
    'href',
    new RegExp(`^${productBase}/`),
  );
  await expect(rows.nth(1).locator('.qo-product')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add 0 lines to cart' })).toBeDisabled();
  // The store answers again: the rows are checked.
  await page.unroute('**/api/quick-order/resolve');
  await page.reload();
  await expect(page.getByRole('status').first()).toHaveText('2 lines, 1 ready, 1 need you.');
});

test('a list pasted before the pad woke is kept, and its button works once it does', async ({
  page,
  api,
}) => {
  const [first] = await orderableNumbers(api, 1);
  // The pad's code held back, as on a slow phone: the shopper pastes into the bare page.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_astro/QuickOrder.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/quick-order');
  await page.evaluate(() => localStorage.removeItem('quickOrder'));
  await page.getByLabel(/One part number per line/).fill(`${first ?? ''} 2`);
  release();
  await page.locator('astro-island[component-url*="QuickOrder"]:not([ssr])').waitFor();
  await page.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByRole('status').first()).toHaveText('1 line, 1 ready.');
});

test('a typed row: Enter adds it with its quantity, and the cells empty for the next', async ({
  page,
  api,
}) => {
  const [first] = await orderableNumbers(api, 1);
  const number = first ?? '';
  await openPad(page);
  // The typed row's cells (each row of the table has a 'Part number' cell too).
  const typed = page.locator('form.qo-type');
  const input = typed.getByRole('combobox', { name: 'Part number', exact: true });
  // Suggested from the static index as it is typed (lower case here), the part's title beside.
  await input.fill(number.toLowerCase());
  await expect(typed.locator(`datalist option[value="${number}"]`)).toHaveAttribute('label', /\S/);
  await input.fill(number);
  await typed.getByRole('textbox', { name: 'Quantity', exact: true }).fill('3');
  await input.press('Enter');
  await expect(page.getByRole('status').first()).toHaveText('1 line, 1 ready.');
  await expect(page.getByLabel(`Quantity of ${number}`)).toHaveValue('3');
  await expect(input).toHaveValue('');
});
