import type { APIRequestContext, Page } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { seriousViolations } from './axe.ts';
import { openCartPage } from './cart-levels.ts';
import { expect, expectConsoleError, failedRequest, needed, test } from './fixtures.ts';
import { watchPageErrors } from './page-errors.ts';
import { PASSWORD, register } from './register.ts';
import { EXIT_INTENT_STORAGE_KEY } from '../../src/lib/shell/exit-intent.ts';

// Issue 31: a guest picks a machine, sees badges decided in the browser from the page's
// fitment, and lists narrowed to the machine. Products are found through the API by what
// their fitment says, never by hard-coded handles.
test.describe.configure({ timeout: 90_000 });

interface FitRow {
  brandHandle: string;
  modelHandle: string;
  serialFrom: string | null;
  serialTo: string | null;
}
interface Fitment {
  universal: boolean;
  rows: FitRow[];
}
interface Card {
  handle: string;
  price: number;
  availableForSale: boolean;
  availableQuantity: number | null;
  availableInventoryLevels?: unknown[];
  fit?: {
    verdict: string;
    universal: boolean;
    rows: Omit<FitRow, 'brandHandle' | 'modelHandle'>[];
  };
}

const productPath = (handle: string) => `${storeConfig.theme.paths.productBase}/${handle}/`;

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const reply = await api.get(path);
  expect(reply.ok(), `${path} answers`).toBe(true);
  return (await reply.json()) as T;
}

const fitmentOf = async (api: APIRequestContext, handle: string) =>
  (await json<{ fitment: Fitment }>(api, `/api/products/handle/${handle}/fitment`)).fitment;

const partsOf = async (api: APIRequestContext, brand: string, model: string) =>
  (await json<{ products: Card[] }>(api, `/api/products/filter?fits=${brand}/${model}&limit=76`))
    .products;

/** A card whose page adds it at once: one variant, priced, in stock. */
const addable = (card: Card) =>
  card.price > 0 &&
  card.availableForSale &&
  (card.availableQuantity ?? 0) > 10 &&
  card.availableInventoryLevels?.length === 1;

/** A part of Crown PTH50 with a row for it and no serial range, not universal. */
async function fittingPart(api: APIRequestContext, canAdd = false): Promise<string> {
  const parts = await partsOf(api, 'crown', 'pth50');
  const part = parts.find(
    (card) =>
      (!canAdd || addable(card)) &&
      card.fit?.universal === false &&
      card.fit.rows.every((row) => row.serialFrom === null && row.serialTo === null),
  );
  return needed(part, 'a part that fits a Crown PTH50 at every serial').handle;
}

/** A part with fitment rows, none of them for a Crown PTH50. */
async function otherPart(api: APIRequestContext, canAdd = false): Promise<string> {
  for (const card of await partsOf(api, 'yale', 'mpb040')) {
    if (card.fit?.universal !== false || (canAdd && !addable(card))) continue;
    const fitment = await fitmentOf(api, card.handle);
    if (!fitment.rows.some((row) => row.modelHandle === 'pth50')) return card.handle;
  }
  throw new Error('no Yale MPB040 part that does not fit a Crown PTH50');
}

/** A part the store has no fitment data for (the end-to-end fixtures have none). */
async function unknownPart(api: APIRequestContext): Promise<string> {
  const handle = 'e2e-sold-out-variant';
  const fitment = await fitmentOf(api, handle);
  expect(fitment).toEqual({ universal: false, rows: [] });
  return handle;
}

/** A part whose only row for a Crown model starts at a serial, and that model. */
async function rangedPart(api: APIRequestContext) {
  const { models } = await json<{ models: { handle: string }[] }>(api, '/api/machines/crown');
  for (const { handle: model } of models) {
    for (const card of await partsOf(api, 'crown', model)) {
      const rows = card.fit?.rows ?? [];
      const from = rows[0]?.serialFrom;
      if (rows.length === 1 && from && rows[0]?.serialTo === null) {
        return { handle: card.handle, model, from };
      }
    }
  }
  throw new Error('no Crown part that fits from a serial on');
}

const crown = (model: string, serial = '', extra: Record<string, string> = {}) => ({
  brand: 'Crown',
  brandHandle: 'crown',
  model: model.toUpperCase(),
  modelHandle: model,
  serial,
  nickname: '',
  ...extra,
});

/** Starts the browser with `machines` in the fleet, the first chosen. */
async function withFleet(page: Page, machines: ReturnType<typeof crown>[]) {
  await page.addInitScript(
    (fleet) => {
      window.localStorage.setItem('fleet', fleet);
    },
    JSON.stringify({ machines, active: 0 }),
  );
}

const badge = (page: Page) => page.locator('.fc-badge');

test.describe('the fit check on a product page', () => {
  test('a guest picks a machine and the badges follow it from page to page', async ({
    page,
    api,
  }) => {
    const [fits, other, unknown] = [
      await fittingPart(api),
      await otherPart(api),
      await unknownPart(api),
    ];
    await page.goto(productPath(fits));
    await page.getByRole('button', { name: 'Check it fits your machine' }).click();
    const form = page.getByRole('form', { name: 'Your machine' });
    await expect(form.getByLabel('Brand')).toBeFocused();
    await form.getByLabel('Brand').selectOption({ label: 'Crown' });
    await form.getByLabel('Model').selectOption('pth50');
    expect(await seriousViolations(page, { within: '.fit-check' })).toEqual([]);
    await form.getByRole('button', { name: 'Save machine' }).click();
    await expect(badge(page)).toHaveText('Fits your Crown PTH50');
    await expect(badge(page)).toHaveClass(/fc-fits/);
    // The machine is the shopper's now: the next pages decide their badge from it.
    await page.goto(productPath(other));
    await expect(badge(page)).toHaveText('Does not fit your Crown PTH50');
    await page.goto(productPath(unknown));
    await expect(badge(page)).toHaveText('We do not know whether this part fits your Crown PTH50');
    await expect(
      page.locator('.fit-check').getByRole('link', { name: 'Ask our experts' }),
    ).toBeVisible();
  });

  test('a serial outside the range says check the serial number, never does not fit', async ({
    page,
    api,
  }) => {
    const ranged = await rangedPart(api);
    await withFleet(page, [crown(ranged.model, '1A000001')]);
    await page.goto(productPath(ranged.handle));
    await expect(badge(page)).toHaveText(`Check the serial number: fits from ${ranged.from} on`);
    await expect(badge(page)).toHaveClass(/fc-check/);
    // The same machine with a serial inside the range: the part fits.
    await page.getByRole('button', { name: 'Change machine' }).click();
    const form = page.getByRole('form', { name: 'Your machine' });
    await form.getByLabel('Brand').selectOption('crown');
    await form.getByLabel('Model').selectOption(ranged.model);
    await form.getByLabel('Serial number (optional)').fill('not a serial');
    await form.getByRole('button', { name: 'Save machine' }).click();
    await expect(form.getByRole('alert')).toContainText(
      'That is not how Crown writes a serial number',
    );
    await form.getByLabel('Serial number (optional)').fill(ranged.from);
    await form.getByRole('button', { name: 'Save machine' }).click();
    await expect(badge(page)).toHaveText(`Fits your Crown ${ranged.model.toUpperCase()}`);
  });

  test('a machine whose model the store deleted is kept and said to be gone', async ({
    page,
    api,
  }) => {
    await withFleet(page, [crown('pth99-retired')]);
    expectConsoleError(page, failedRequest(404, '/api/machines/crown/pth99-retired'));
    await page.goto(productPath(await fittingPart(api)));
    await expect(badge(page)).toHaveText('Your Crown PTH99-RETIRED is no longer in the catalogue.');
    const stored = await page.evaluate(() => window.localStorage.getItem('fleet'));
    expect(stored).toContain('pth99-retired');
  });
});

test('typing a model in the search box offers the machine, which leads to its page', async ({
  page,
  api,
}) => {
  const { model } = await json<{ model: { name: string } }>(api, '/api/machines/crown/pth50');
  await page.goto('/');
  // The box hydrates when the shopper reaches for it (client:interact).
  await page.locator('header input[name="q"]').hover();
  await page.waitForSelector('astro-island:not([ssr])[component-url*="SearchBox"]', {
    state: 'attached',
  });
  const form = page.getByRole('search');
  const input = form.getByRole('combobox', { name: 'Keyword or part number' });
  const machines = form.getByRole('group', { name: 'Machines' });
  // Words without a model's name offer no machine; the products still come.
  await input.fill('load wheel');
  await expect(form.getByRole('group', { name: 'Products' })).toBeVisible();
  await expect(machines).toHaveCount(0);
  // The model's name written loosely, with words after it.
  await input.fill('pth 50 load wheel');
  const offered = machines.getByRole('option', { name: model.name });
  await expect(offered).toBeVisible();
  await offered.click();
  await expect(page).toHaveURL(/\/machines\/crown\/pth50$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Parts for the ${model.name}`);
});

test.describe('find parts for your machine', () => {
  test('the home page selector goes on to the machine’s page', async ({ page, api }) => {
    const { model } = await json<{ model: { partCount: number; name: string } }>(
      api,
      '/api/machines/crown/pth50',
    );
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Find parts for your machine' });
    // The finder wakes as it comes into view, as a shopper scrolls to it.
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Brand').selectOption({ label: 'Crown' });
    await form.getByLabel('Model').selectOption('pth50');
    await form.getByRole('button', { name: 'Show parts' }).click();
    await expect(page).toHaveURL(/\/machines\/crown\/pth50$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Parts for the ${model.name}`);
    // Its parts and the universal ones are the API's count for the model.
    const summary = (await page.locator('.summary').textContent()) ?? '';
    const counts = [...summary.matchAll(/(\d+) (?:universal )?parts?/g)].map((m) => Number(m[1]));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(model.partCount);
    expect(await seriousViolations(page)).toEqual([]);
    // Home again: the finder names the chosen machine instead of asking.
    await page.goto('/');
    await page.locator('.mp, .mf').first().scrollIntoViewIfNeeded();
    await expect(page.locator('.mf-line')).toContainText('Your machine: Crown PTH50');
    expect(await seriousViolations(page, { within: '.mf' })).toEqual([]);
  });
});

test('the header’s switcher chooses the machine the lists are filtered by', async ({
  page,
  api,
}) => {
  interface Info {
    pageInfo: { totalObjects: number };
  }
  const count = async (query: string) =>
    (await json<Info>(api, `/api/products/filter?${query}&limit=1`)).pageInfo.totalObjects;
  const yale = {
    brand: 'Yale',
    brandHandle: 'yale',
    model: 'MPB040',
    modelHandle: 'mpb040',
    serial: '',
    nickname: 'Dock <b>3</b> jack',
  };
  await withFleet(page, [crown('pth50'), yale]);
  await page.goto('/search.php');
  const switcher = page.locator('[data-fleet-switch]');
  await expect(switcher).toHaveAccessibleName('Your machine: Crown PTH50');
  const list = page.locator('[data-product-list]');
  const chip = page.getByRole('button', { name: /^Remove filter Fits:/ });
  await expect(chip).toHaveAccessibleName('Remove filter Fits: Crown PTH50');

  await switcher.click();
  const panel = page.getByRole('dialog', { name: 'My machines' });
  const choices = panel.getByRole('list', { name: 'Choose a machine' });
  await expect(choices.getByRole('button', { name: /^Crown PTH50/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await seriousViolations(page, { within: '[data-fleet-panel]' })).toEqual([]);
  // A nickname is text, whatever it holds.
  await choices.getByRole('button', { name: /^Dock <b>3<\/b> jack/ }).click();
  await expect(panel).toBeHidden();
  await expect(switcher).toHaveAccessibleName('Your machine: Dock <b>3</b> jack');
  await expect(chip).toHaveAccessibleName('Remove filter Fits: Yale MPB040');
  await expect(list.locator('.rl-fit-fits').first()).toHaveText('Fits your Yale MPB040');
  // Another tab of the store names the choice too, read from the browser's storage.
  const other = await page.context().newPage();
  await other.goto('/');
  const otherSwitcher = other.locator('[data-fleet-switch]');
  await expect(otherSwitcher).toHaveAccessibleName('Your machine: Dock <b>3</b> jack');
  await expect(list.locator('.rl-count')).toHaveText(
    `${(await count('fits=yale/mpb040')).toLocaleString('en-US')} products`,
  );

  // No machine: the list no longer narrowed (a search without words asks for them), and the
  // button says My machines.
  await switcher.click();
  await panel.getByRole('button', { name: /^No machine/ }).click();
  await expect(chip).toHaveCount(0);
  await expect(switcher).toHaveAccessibleName('My machines');
  await expect(page).not.toHaveURL(/fits=/);
  await expect(list).toContainText('Enter at least 3 characters');
  // The other tab follows through the storage event.
  await expect(otherSwitcher).toHaveAccessibleName('My machines');
});

test('a model page lists its parts by category with its structured data', async ({ page, api }) => {
  await page.goto('/machines/crown/pth50');
  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  const itemList = JSON.parse(
    needed(
      structured.find((text) => text.includes('"ItemList"')),
      'the ItemList',
    ),
  ) as { numberOfItems: number; itemListElement: { url: string }[] };
  const parts = await partsOf(api, 'crown', 'pth50');
  const listed = parts.filter((card) => card.fit?.universal === false);
  expect(itemList.numberOfItems).toBe(listed.length);
  expect(itemList.itemListElement.length).toBe(Math.min(listed.length, 100));
  await expect(page.locator('.group h2').first()).toBeVisible();
  // A model the store lacks has no page.
  expectConsoleError(page, failedRequest(404, '/machines/crown/pth99-retired'));
  const missing = await page.goto('/machines/crown/pth99-retired');
  expect(missing?.status()).toBe(404);
});

test('a model page lists every part with the filter panel, fixed to its machine', async ({
  page,
  api,
  isMobile,
}) => {
  interface Info {
    pageInfo: { totalObjects: number; availableVendors: { name: string; count: number }[] };
  }
  const all = await json<Info>(api, '/api/products/filter?fits=crown/pth50&limit=1');
  const [vendor] = all.pageInfo.availableVendors;
  // The shopper's chosen machine is another: the model page's list stays the model's.
  await withFleet(page, [
    {
      brand: 'Yale',
      brandHandle: 'yale',
      model: 'MPB040',
      modelHandle: 'mpb040',
      serial: '',
      nickname: '',
    },
  ]);
  await page.goto('/machines/crown/pth50');
  // The list hydrates when it comes into view.
  await page.locator('astro-island[component-export="ResultsList"]').scrollIntoViewIfNeeded();
  await page.locator('astro-island[component-export="ResultsList"]:not([ssr])').waitFor();
  const list = page.locator('[data-product-list]');
  const total = (n: number) => `${n.toLocaleString('en-US')} products`;
  await expect(list.locator('.rl-count')).toHaveText(total(all.pageInfo.totalObjects));
  await expect(page.getByRole('button', { name: /^Remove filter Fits:/ })).toHaveCount(0);
  expect(page.url()).toMatch(/\/machines\/crown\/pth50$/);
  // The model's parts, not the shopper's machine: the cards say whose.
  await expect(list.locator('.rl-fit-fits').first()).toHaveText('Fits the Crown PTH50');
  if (isMobile || !vendor) return;
  const bar = page.getByRole('list', { name: 'Filter by' });
  await bar.getByRole('button', { name: /^Brand\b/ }).click();
  await bar
    .getByRole('list', { name: 'Brand' })
    .getByRole('checkbox', { name: new RegExp(`^${vendor.name}\\b`) })
    .check();
  await expect(page).toHaveURL(`/machines/crown/pth50?v=${encodeURIComponent(vendor.name)}`);
  await expect(list.locator('.rl-count')).toHaveText(total(vendor.count));
});

test('the product page carries its fitment, compact, for the badge', async ({ page, api }) => {
  const handle = await fittingPart(api);
  await page.goto(productPath(handle));
  const data = needed(
    await page.locator('[data-fit-check]').getAttribute('data-fitment'),
    'the fitment data',
  );
  const fitment = JSON.parse(data) as Fitment;
  expect(fitment.rows.some((row) => row.modelHandle === 'pth50')).toBe(true);
  expect(Object.keys(fitment.rows[0] ?? {}).sort()).toEqual([
    'brandHandle',
    'modelHandle',
    'serialFrom',
    'serialTo',
  ]);
});

test.describe('my machines', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a guest saves a fleet, signs in and keeps it on another device', async ({
    page,
    admin,
    browser,
  }, testInfo) => {
    // One registration a run: the mail budget of one network is shared with account.spec.
    test.skip(testInfo.project.name === 'phone', 'registers a customer once a run');
    await page.goto('/machines/');
    const add = page.getByRole('form', { name: 'Add a machine' });
    await add.getByLabel('Brand').selectOption({ label: 'Crown' });
    await add.getByLabel('Model').selectOption('pth50');
    await add.getByLabel('Nickname (optional)').fill('Dock 3 jack');
    await add.getByRole('button', { name: 'Save machine' }).click();
    const list = page.getByRole('list', { name: 'Your machines' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Dock 3 jack');
    await expect(list).toContainText('Chosen');
    expect(await seriousViolations(page)).toEqual([]);

    const email = await register(page, admin);
    // The first page that uses the fleet signed in merges the guest's into the account.
    await page.goto('/machines/');
    await expect(list).toContainText('Dock 3 jack');
    await expect
      .poll(async () => (await (await page.request.get('/api/customer/fleet')).json()) as unknown)
      .toMatchObject({ fleet: { machines: [{ modelHandle: 'pth50', nickname: 'Dock 3 jack' }] } });

    // Another device: nothing in its browser, the account's fleet after signing in.
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
    // As the test fixture's own context: errors fail the test, and no exit-intent popup.
    const errors = await watchPageErrors(other, []);
    await other.addInitScript((key) => {
      try {
        window.localStorage.setItem(key, 'set by the test');
      } catch {
        // Pages without storage (about:blank) have no popup either.
      }
    }, EXIT_INTENT_STORAGE_KEY);
    const elsewhere = await other.newPage();
    await elsewhere.goto(`/login.asp?next=${encodeURIComponent('/machines/')}`);
    await elsewhere.getByLabel('Email').fill(email);
    await elsewhere.getByLabel('Password').fill(PASSWORD);
    await elsewhere.getByRole('button', { name: 'Sign in' }).click();
    await expect(elsewhere).toHaveURL(/\/machines\/$/);
    const kept = elsewhere.getByRole('list', { name: 'Your machines' });
    await expect(kept).toContainText('Dock 3 jack');
    await expect(kept).toContainText('Chosen');
    await other.close();
    errors.assertNone();
  });
});

test('cart lines remember their machine, and the cart warns of one that does not fit', async ({
  page,
  api,
}) => {
  const [fits, other] = [await fittingPart(api, true), await otherPart(api, true)];
  await withFleet(page, [crown('pth50', '', { nickname: 'Dock 3 jack' })]);
  for (const [handle, verdict] of [
    [fits, 'Fits your Crown PTH50'],
    [other, 'Does not fit your Crown PTH50'],
  ] as const) {
    await page.goto(productPath(handle));
    // The fit check is there (it remembers what this page adds), then the buy box adds.
    await expect(badge(page)).toHaveText(verdict);
    const add = page.getByRole('button', { name: 'Add to Cart', exact: true });
    await expect(add).toBeEnabled();
    await add.click();
    await expect(page.getByText('Product added to cart').first()).toBeVisible();
  }
  await openCartPage(page);
  const line = (handle: string) =>
    page.getByTestId('cart-line').filter({ has: page.locator(`a[href$="/${handle}"]`) });
  await expect(line(fits)).toContainText('For Dock 3 jack (Crown PTH50)');
  await expect(line(fits).locator('.cart-line-fit')).toHaveCount(0);
  await expect(line(other).locator('.cart-line-fit')).toHaveText('Does not fit your Crown PTH50');
  expect(await seriousViolations(page, { within: '.cart-lines' })).toEqual([]);
});
