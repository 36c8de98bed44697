import type { Locator, Page, TestInfo } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { expect, needed, test } from './fixtures.ts';
import {
  OTHER_TYPES,
  SITEMAP_TYPES,
  openPage,
  pathOf,
  sitemapPaths,
  type SitemapType,
} from './page-types.ts';

// The header by keyboard alone, on a page of every type at both widths (issue 29 item 2): Tab
// reaches each control in order and shows where it is, and Enter does what a click does. The
// header's search box and cart button wake when the focus comes into them
// (client:interact, src/integrations/interact-directive): the focus stays on the control the
// shopper is on while they do, also where the cart button's 'View cart' link becomes the
// mini-cart's button, and Enter on it opens the cart.

const { store } = storeConfig;
const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** The page types of the journey: the sitemap's, less repeats of a type already here. */
const JOURNEY_TYPES = [
  'home',
  'collection',
  'product',
  'brand list',
  'brand',
  'article list',
  'article',
  'help',
  'generic page',
];

// Each page is walked key by key, or opened five times: generous limits for a busy machine
// (no timed assertions; these only bound the waiting).
test.describe.configure({ timeout: 180_000 });

let paths: string[] = [];
test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  paths = await sitemapPaths(api);
  await api.dispose();
});

/** The header's controls in their Tab order (the guest's account links), each with its name. */
function headerControls(page: Page, phone: boolean): { name: string; control: Locator }[] {
  const banner = page.getByRole('banner');
  const bar = page.locator('.top-bar');
  const search = page.getByRole('search');
  const link = (scope: Locator, name: string) => scope.getByRole('link', { name, exact: true });
  return [
    { name: 'Skip to content', control: link(page.locator('body'), 'Skip to content') },
    ...(phone
      ? []
      : ['Returns', 'Shipping', 'Request an Item'].map((name) => ({
          name,
          control: link(bar, name),
        }))),
    // The bar holds the number at every width.
    { name: 'phone number', control: link(bar, `Call us at ${store.contactPhoneNumber}`) },
    // Issue 32: the quick order, beside the number at every width.
    { name: 'Quick order', control: link(bar, 'Quick order') },
    ...['My Account', 'Sign in', 'Create an account'].map((name) => ({
      name,
      control: link(bar, name),
    })),
    ...(phone
      ? [{ name: 'Menu', control: banner.getByRole('button', { name: 'Menu', exact: true }) }]
      : []),
    { name: 'logo', control: link(banner, store.storeName) },
    { name: 'Category', control: search.getByRole('combobox', { name: 'Category' }) },
    {
      name: 'Keyword',
      control: search.getByRole('combobox', { name: 'Keyword or part number' }),
    },
    { name: 'Search', control: search.getByRole('button', { name: 'Search' }) },
    // The fleet switcher (issue 31): a guest without machines sees its name.
    {
      name: 'My machines',
      control: banner.getByRole('button', { name: 'My machines', exact: true }),
    },
    // The link to /cart.php until its island wakes, then the mini-cart's button.
    {
      name: 'View cart',
      control: banner
        .getByRole('link', { name: /^View cart/ })
        .or(banner.getByRole('button', { name: /^View cart/ })),
    },
  ];
}

/** Presses Tab and checks that the focus came to `control`, visibly and on screen. */
async function tabTo(page: Page, control: Locator, name: string) {
  await page.keyboard.press('Tab');
  await expect(control, `Tab reaches ${name}`).toBeFocused();
  await expect(control).toBeInViewport();
  // What has the focus now: the cart's link may have become its button since (CartButton.tsx).
  expect(
    await page.evaluate(() => document.activeElement?.matches(':focus-visible')),
    `${name} shows the focus ring`,
  ).toBe(true);
}

/**
 * Enter on the focused `opener` opens the dialog named `dialog` with the focus on its `close`
 * button; Escape shuts it and gives the focus back to the opener.
 */
async function enterOpensEscapeCloses(
  page: Page,
  opener: Locator,
  names: { dialog: string; close: string },
) {
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: names.dialog });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: names.close })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** Opens the page and tabs to the header control at `index` of {@link headerControls}. */
async function tabToControl(page: Page, path: string, phone: boolean, index: number) {
  await openPage(page, path);
  const controls = headerControls(page, phone).slice(0, index + 1);
  for (const { name, control } of controls.slice(0, -1)) {
    await page.keyboard.press('Tab');
    await expect(control, `Tab reaches ${name}`).toBeFocused();
  }
  const last = controls.at(-1);
  if (!last) throw new Error(`no header control number ${String(index)}`);
  await page.keyboard.press('Tab');
  await expect(last.control, `Tab reaches ${last.name}`).toBeFocused();
}

/** Tab through the whole header, then Enter on the cart, the menu and the search box. */
async function walkAndOpen(page: Page, path: string, phone: boolean) {
  await openPage(page, path);
  const controls = headerControls(page, phone);
  for (const { name, control } of controls.slice(0, -1)) await tabTo(page, control, name);

  // The fleet switcher, just before the cart: Enter opens its list, Escape closes it and the
  // focus stays on it.
  const switcher = page.getByRole('banner').getByRole('button', { name: 'My machines' });
  await expect(switcher).toBeFocused();
  await page.keyboard.press('Enter');
  const fleet = page.getByRole('dialog', { name: 'My machines' });
  await expect(fleet.getByRole('link', { name: 'Add or manage machines' })).toBeVisible();
  await expect(fleet).toContainText('No machines yet.');
  await page.keyboard.press('Escape');
  await expect(fleet).toBeHidden();
  await expect(switcher).toBeFocused();

  // The cart's link wakes its island, which makes it the mini-cart's button: the focus stays.
  const cart = controls.at(-1);
  if (cart) await tabTo(page, cart.control, cart.name);
  const button = page.getByRole('banner').getByRole('button', { name: /^View cart/ });
  await expect(button, 'the woken cart button keeps the focus').toBeFocused();
  expect(await button.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
  await enterOpensEscapeCloses(page, button, { dialog: 'Your cart', close: 'Close cart' });

  // The menu: on a phone the Menu button opens the drawer and Escape gives the focus back;
  // on a desktop the main menu's first link comes after the cart.
  if (phone) {
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    for (
      let step = controls.length - 1;
      step > controls.findIndex((c) => c.name === 'Menu');
      step--
    )
      await page.keyboard.press('Shift+Tab');
    await expect(menu).toBeFocused();
    await enterOpensEscapeCloses(page, menu, { dialog: 'Menu', close: 'Close' });
    for (
      let step = controls.findIndex((c) => c.name === 'Menu');
      step < controls.length - 1;
      step++
    )
      await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
  } else {
    const first = page.getByRole('navigation', { name: 'Main' }).getByRole('link').first();
    await tabTo(page, first, 'the main menu');
    await page.keyboard.press('Shift+Tab');
    await expect(button).toBeFocused();
  }

  // The search box: back to it, type, Enter.
  const box = page.getByRole('search').getByRole('combobox', { name: 'Keyword or part number' });
  const back = controls.length - 1 - controls.findIndex((c) => c.name === 'Keyword');
  for (let step = 0; step < back; step++) await page.keyboard.press('Shift+Tab');
  await expect(box).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('roller');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\.php\?(c=&)?q=roller$/);
}

/**
 * Enter on each link of the header goes where the link says. That Tab reaches each is the
 * walk's ({@link walkAndOpen}); here the focus is put on the link. The page loads once: each
 * navigation a link starts is answered 204 No Content, which a browser does not follow, so the
 * page stays for the next link, and the request says where Enter went.
 */
async function followLinks(page: Page, path: string, phone: boolean) {
  await openPage(page, path);
  await page.route('**/*', (route) =>
    route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.fallback(),
  );
  const controls = headerControls(page, phone);
  const targets: [name: string, control: Locator, url: RegExp][] = [
    ...(
      [
        ['logo', /^https?:\/\/[^/]+\/$/],
        ['My Account', /\/myaccount\.asp$/],
        ['Sign in', /\/login\/?$/],
        ['Create an account', /\/register\/?$/],
      ] as const
    ).map(([name, url]): [string, Locator, RegExp] => [
      name,
      needed(
        controls.find((c) => c.name === name),
        name,
      ).control,
      url,
    ]),
  ];
  if (!phone) {
    // The main menu's first link, after the cart.
    const first = page.getByRole('navigation', { name: 'Main' }).getByRole('link').first();
    const href = (await first.getAttribute('href')) ?? '';
    targets.push(['the main menu', first, new RegExp(`${href.replace(/[.?]/g, '\\$&')}$`)]);
  }
  for (const [name, control, url] of targets) {
    await control.focus();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.isNavigationRequest()),
      page.keyboard.press('Enter'),
    ]);
    expect(request.url(), `Enter on ${name}`).toMatch(url);
  }
}

const types: { name: string; path: (paths: string[]) => string }[] = [
  ...SITEMAP_TYPES.filter((type) => JOURNEY_TYPES.includes(type.name)).map((type: SitemapType) => ({
    name: type.name,
    path: (all: string[]) => pathOf(type, all),
  })),
  ...OTHER_TYPES.map(({ name, path }) => ({ name, path: () => path })),
];

for (const type of types) {
  test.describe(`the header by keyboard on the ${type.name} page`, () => {
    test('Tab reaches every control, and Enter opens the cart, the menu and a search', async ({
      page,
    }, info) => {
      await walkAndOpen(page, type.path(paths), isPhone(info));
    });

    test('Enter on the logo, the account links and the menu goes where they lead', async ({
      page,
    }, info) => {
      await followLinks(page, type.path(paths), isPhone(info));
    });
  });
}

test('Enter on View cart while its island is still on its way opens the cart page', async ({
  page,
}, info) => {
  // The island's code held back: the link is all there is, and Enter follows it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/CartButton\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {
      // The page has gone on to /cart.php: nobody waits for the file any more.
    });
  });
  const phone = isPhone(info);
  await tabToControl(page, '/brands', phone, headerControls(page, phone).length - 1);
  await expect(page.getByRole('banner').getByRole('link', { name: /^View cart/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart\.php$/);
  release();
});
