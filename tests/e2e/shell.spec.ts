import type { Page, TestInfo } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { ACCEPTED_PAYMENTS } from '../../src/lib/payment/payment-icons.ts';
import {
  expect,
  expectConsoleError,
  failedRequest,
  listProducts,
  needed,
  test,
} from './fixtures.ts';

// The shell on every page (spec storefront 2, "Header and shell"; account-and-shell 2.2,
// 2.9), checked on the home page and on a product page found through the API.

const { store, theme } = storeConfig;
const isPhone = (info: TestInfo) => info.project.name === 'phone';

interface NavNode {
  title: string;
  url: string;
  maxChildItemsToDisplay: number | null;
  children: NavNode[];
}

async function productPath(api: import('@playwright/test').APIRequestContext) {
  const [product] = await listProducts(api);
  if (!product) throw new Error('the demo catalogue has no products');
  return `${theme.paths.productBase}/${product.handle}`;
}

async function topLevelNav(api: import('@playwright/test').APIRequestContext) {
  const reply = await api.get(
    `/api/nav?collectionUrlPrefix=${encodeURIComponent(theme.paths.collectionBase)}&depth=1`,
  );
  return ((await reply.json()) as { navData: NavNode[] }).navData;
}

/** Opens the mobile menu on a phone; a no-op on desktop. */
async function openMenuIfPhone(page: Page, info: TestInfo) {
  if (!isPhone(info)) return;
  await page.getByRole('button', { name: 'Menu' }).click();
}

for (const where of ['home', 'product'] as const) {
  test.describe(`shell on the ${where} page`, () => {
    test.beforeEach(async ({ page, api }) => {
      await page.goto(where === 'home' ? '/' : await productPath(api));
    });

    test('shows the announcement, logo, phone, search box and cart link', async ({ page }) => {
      await expect(page.getByRole('region', { name: 'Announcement' })).toHaveText(
        theme.announcement,
      );
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: store.storeName })).toHaveAttribute(
        'href',
        '/',
      );
      await expect(
        page.getByRole('link', { name: `Call us at ${store.contactPhoneNumber}` }).first(),
      ).toHaveAttribute('href', `tel:${store.contactPhoneNumber}`);
      const search = page.getByRole('search');
      await expect(
        search.getByRole('combobox', { name: 'Keyword or part number' }),
      ).toHaveAttribute('placeholder', 'Enter Keyword or Part Number...');
      await expect(search.getByRole('button', { name: 'Search' })).toBeVisible();
      // The 'View cart' link to /cart.php until the cart island hydrates, when the shopper
      // reaches for it (client:interact), and makes it the mini-cart's button (the link
      // itself: tests/e2e/cart.spec.ts, without JavaScript).
      await page.locator('[data-header-cart]').hover();
      await expect(banner.getByRole('button', { name: /^View cart/ })).toHaveAttribute(
        'aria-controls',
        'cart-overlay',
      );
    });

    test('offers a guest Sign in and Create an account', async ({ page }) => {
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
      await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
        'href',
        '/register',
      );
      await expect(page.getByRole('link', { name: 'My Account' })).toHaveAttribute(
        'href',
        '/myaccount.asp',
      );
      await expect(page.getByRole('link', { name: 'Sign Out' })).toBeHidden();
    });

    test('has the footer links, seal, payment icons and copyright', async ({ page }) => {
      const footer = page.getByRole('contentinfo');
      const links = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link');
      await expect(links).toHaveText(theme.footerNavLinks.map((link) => link.title));
      await expect(
        footer.getByRole('link', { name: 'Seller rating seal: read our store reviews' }),
      ).toHaveAttribute('href', theme.links.sellerReviewsUrl);
      const payments = footer.getByRole('list', { name: 'Accepted payments' }).getByRole('img');
      await expect(payments).toHaveCount(8);
      // The names and their spec order are pinned by src/lib/payment/payment-icons.test.ts.
      for (const { name } of ACCEPTED_PAYMENTS) {
        await expect(footer.getByRole('img', { name, exact: true })).toBeVisible();
      }
      await expect(footer).toContainText(
        `© ${String(new Date().getFullYear())} ${store.storeName}. All rights reserved.`,
      );
      const width = await footer.evaluate(
        (el) => el.firstElementChild?.getBoundingClientRect().width ?? 0,
      );
      expect(width).toBeLessThanOrEqual(1200);
    });

    test('has the policy links', async ({ page }, info) => {
      await openMenuIfPhone(page, info);
      const policies = page
        .getByRole('navigation', { name: 'Store policies' })
        .filter({ visible: true });
      await expect(policies.getByRole('link', { name: 'Returns' })).toHaveAttribute(
        'href',
        theme.policyLinks.returns,
      );
      await expect(policies.getByRole('link', { name: 'Shipping' })).toHaveAttribute(
        'href',
        theme.policyLinks.shipping,
      );
      await expect(policies.getByRole('link', { name: 'Request an Item' })).toHaveAttribute(
        'href',
        theme.policyLinks.requestAnItem,
      );
    });
  });
}

test.describe('header behaviour', () => {
  test('the desktop menu lists the top-level categories', async ({ page, api }, info) => {
    test.skip(isPhone(info), 'the desktop menu is for 768 px and wider');
    const nav = await topLevelNav(api);
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link')).toHaveCount(nav.length);
    for (const [index, node] of nav.entries()) {
      await expect(menu.getByRole('link').nth(index)).toHaveAttribute('href', node.url);
    }
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('the mobile menu expands and collapses, with submenus', async ({ page, api }, info) => {
    test.skip(!isPhone(info), 'the mobile menu is for phones');
    const nav = await topLevelNav(api);
    const withChildren = (
      (await (
        await api.get(
          `/api/nav?collectionUrlPrefix=${encodeURIComponent(theme.paths.collectionBase)}`,
        )
      ).json()) as { navData: NavNode[] }
    ).navData.find((node) => node.children.length > 0);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    for (const node of nav) {
      // A cut submenu also links its parent ('View all'), which stays folded here.
      await expect(menu.locator(`a[href="${node.url}"]:not(.view-all)`)).toBeVisible();
    }

    if (withChildren) {
      const child = withChildren.children[0];
      // The first node with children has the first submenu button.
      const sub = menu.getByRole('button', { name: / subcategories$/ }).first();
      await expect(sub).toHaveAttribute('aria-expanded', 'false');
      await sub.click();
      await expect(sub).toHaveAttribute('aria-expanded', 'true');
      const childLink = menu.locator(`a[href="${child?.url ?? ''}"]`);
      await expect(childLink).toBeVisible();
      await sub.click();
      await expect(childLink).toBeHidden();
    }

    // A modal drawer: the page behind, Menu button included, is inert.
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });

  test('the mobile menu lists as many children as the collection asks, then View all', async ({
    page,
    api,
  }, info) => {
    test.skip(!isPhone(info), 'the mobile menu is for phones');
    const reply = await api.get(
      `/api/nav?collectionUrlPrefix=${encodeURIComponent(theme.paths.collectionBase)}`,
    );
    const node = needed(
      ((await reply.json()) as { navData: NavNode[] }).navData.find(
        (entry) =>
          entry.maxChildItemsToDisplay !== null &&
          entry.children.length > (entry.maxChildItemsToDisplay ?? 0),
      ),
      'menu entry with more children than its maxChildItemsToDisplay',
    );
    const limit = node.maxChildItemsToDisplay ?? 0;
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await menu.getByRole('button', { name: `${node.title} subcategories` }).click();
    for (const [index, child] of node.children.entries()) {
      const link = menu.locator(`a[href="${child.url}"]`);
      if (index < limit) await expect(link).toBeVisible();
      else await expect(link).toHaveCount(0);
    }
    await expect(menu.locator(`a.view-all[href="${node.url}"]`)).toBeVisible();
  });

  test('the search box needs a keyword and sends q and c to /search.php', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search');
    const box = search.getByRole('combobox', { name: 'Keyword or part number' });
    const category = search.getByRole('combobox', { name: 'Category' });
    await expect(category.getByRole('option').first()).toHaveText('All Categories');
    await search.getByRole('button', { name: 'Search' }).click();
    expect(await box.evaluate((el) => (el as HTMLInputElement).validity.valid)).toBe(false);
    await expect(page).toHaveURL(/\/$/);

    await box.fill('wheel');
    await box.press('Enter');
    // Before hydration the plain form sends c=&q=wheel; the island leaves out an empty c.
    await expect(page).toHaveURL(/\/search\.php\?(c=&)?q=wheel$/);
  });

  test('the header sticks to the top on scroll', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await page.mouse.wheel(0, 1500);
    await expect(header).toHaveClass(/is-stuck/);
    const top = await header.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBe(0);
  });

  test('a right-click on the logo shows the configured alert', async ({ page }) => {
    await page.goto('/');
    const shown: { type: string; message: string }[] = [];
    // The alert blocks the page until it is answered, so answer it as it comes.
    page.on('dialog', (dialog) => {
      shown.push({ type: dialog.type(), message: dialog.message() });
      void dialog.dismiss();
    });
    await page
      .getByRole('banner')
      .getByRole('link', { name: store.storeName })
      .locator('img')
      .click({ button: 'right' });
    await expect.poll(() => shown).toEqual([{ type: 'alert', message: theme.logoAlert }]);
  });

  test('a signed-in user sees Sign Out instead, and nothing shifts', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user', async (route) => {
      await held;
      await route.fulfill({ json: { user: { id: 1, firstName: 'Ann', lastName: 'Lee' } } });
    });
    // The faked customer has no session, so the account's fleet (src/stores/fleet.ts, read
    // by the home page's machine finder) is faked too, empty.
    await page.route('**/api/customer/fleet', (route) =>
      route.fulfill({ json: { fleet: { machines: [], active: null } } }),
    );
    await page.goto('/');
    const search = page.getByRole('search');
    const before = await search.boundingBox();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    release();
    await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/logout');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeHidden();
    expect(await search.boundingBox()).toEqual(before);
  });

  test('a failed user call keeps the guest links and is only logged', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    expectConsoleError(page, failedRequest(500, '/api/user'));
    expectConsoleError(page, /^\[shell\] could not load the user: .* answered 500/);
    await page.route('**/api/user', (route) =>
      route.fulfill({ status: 500, json: { error: 'x' } }),
    );
    await page.goto('/');
    await expect.poll(() => errors.some((e) => e.includes('could not load the user'))).toBe(true);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
