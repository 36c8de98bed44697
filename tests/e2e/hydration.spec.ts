// React error #418: an island's first render in the browser differed
// from the HTML the build made, on most /cart.php loads and on some product pages. The build
// renders the cart islands from an empty, not yet loaded cart; in the browser the cart store
// had often loaded already (the header button or a card script asked first) when the next
// island woke at client:idle. The fixture fails any test on a page error, so loading a page
// is the check; the 'woke late' cases hold one island's code back until the cart has loaded,
// which made the mismatch happen on every run before the fix, not only on a busy machine.
import type { Page } from '@playwright/test';
import {
  addWithApi as addOnServer,
  lineRow,
  openProductPage,
  stockedLevel,
  stockedLevels,
  type CartPageContext,
} from './cart-levels.ts';
import { expect, productByHandle, test } from './fixtures.ts';
import { CART_PRODUCTS, FIXTURES } from './seed-records.ts';

// This spec's own products (no other spec file stocks them), all at 500 units.
const PRODUCTS = CART_PRODUCTS.hydration;
const [FIRST, SECOND] = PRODUCTS;

/** What the test-only hook `window.__exposeCartStore` exposes, as far as this file reads it. */
type ExposedCart = { __cartStore?: { $cart: { get: () => { loaded: boolean } } } };

/**
 * Holds the island whose code file starts with `island` (e.g. 'CartPage') until the cart
 * store has loaded the cart, so that island hydrates after the cart is known.
 */
async function holdUntilCartLoaded(page: Page, island: string) {
  await page.addInitScript(() => {
    Object.assign(window, { __exposeCartStore: true });
  });
  let held = 0;
  await page.route(`**/_astro/${island}.*.js`, async (route) => {
    held++;
    await page.waitForFunction(
      () => (window as unknown as ExposedCart).__cartStore?.$cart.get().loaded === true,
    );
    await route.continue();
  });
  return () => held;
}

/** Puts a line in this page's cart before any page of the store was open. */
async function addWithApi(page: Page, inventoryLevelId: number, quantity: number) {
  // The cart call needs the store's Origin, which addOnServer takes from the page's address.
  if (page.url() === 'about:blank') await page.goto('/robots.txt');
  await addOnServer(page, inventoryLevelId, quantity);
}

/** Puts `quantity` units of this spec's first product in this page's cart; returns its level. */
async function cartHoldingFirst({ page, api, admin }: CartPageContext, quantity: number) {
  const level = await stockedLevel(api, admin, { handle: FIRST });
  await addWithApi(page, level.inventoryLevelId, quantity);
  return level;
}

/**
 * Waits until the named islands have hydrated (Astro drops their ssr attribute then). The
 * header's cart button wakes when the shopper reaches for it (client:interact
 * 19), on these pages too: the pointer goes over it first.
 */
async function hydrated(page: Page, ...islands: string[]) {
  if (islands.includes('CartButton')) await page.locator('[data-header-cart]').hover();
  for (const island of islands) {
    const element = page.locator(`astro-island[component-url*="/${island}."]`);
    await expect(element.first()).toBeAttached();
    await expect(element.and(page.locator('[ssr]'))).toHaveCount(0);
  }
}

/**
 * The 'woke late' cases, one test each: `fill` puts in the cart what the case needs and says
 * the page to open and what it shows once the cart is known; the island `late` is held back
 * until the cart has loaded, then it and `other` hydrate, `late` fetched once.
 */
const WOKE_LATE: {
  title: string;
  late: string;
  other: string;
  fill: (context: CartPageContext) => Promise<{ path: string; shows: () => Promise<void> }>;
}[] = [
  {
    title: '/cart.php when its island wakes after the header loaded the cart',
    late: 'CartPage',
    other: 'CartButton',
    async fill(context) {
      const level = await cartHoldingFirst(context, 1);
      return { path: '/cart.php', shows: () => expect(lineRow(context.page, level)).toBeVisible() };
    },
  },
  {
    title: '/cart.php, empty, when its island wakes after the cart loaded',
    late: 'CartPage',
    other: 'CartButton',
    fill: ({ page }) =>
      Promise.resolve({
        path: '/cart.php',
        shows: () => expect(page.getByText('Your cart is empty.')).toBeVisible(),
      }),
  },
  {
    title: "the header's count when the button wakes after the cart loaded",
    late: 'CartButton',
    other: 'BuyBox',
    async fill(context) {
      const level = await cartHoldingFirst(context, 3);
      return {
        path: `/products/${level.handle}`,
        shows: () => expect(context.page.getByTestId('cart-count').first()).toContainText('3'),
      };
    },
  },
  {
    title: "the buy box's stock note when it wakes after the cart loaded",
    late: 'BuyBox',
    other: 'CartButton',
    async fill({ page, api }) {
      // All of the stock the page was built with, in the cart: the box then says so, which the
      // build could not know. A product no spec changes, so the API's stock is the built one.
      const product = await productByHandle<{
        handle: string;
        Variants: { availableInventoryLevels: { id: number; availableQuantity: number }[] }[];
      }>(api, FIXTURES.builtStock.handle);
      const level = product.Variants[0]?.availableInventoryLevels[0];
      if (!level) throw new Error(`${product.handle} has no inventory level`);
      await addWithApi(page, level.id, level.availableQuantity);
      return {
        path: `/products/${product.handle}`,
        shows: () =>
          expect(page.getByText('All available stock is already in your cart.')).toBeVisible(),
      };
    },
  },
];

test.describe('pages hydrate what the build rendered', () => {
  test('/cart.php with an empty cart', async ({ page }) => {
    await page.goto('/cart.php');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await hydrated(page, 'CartPage', 'CartButton');
  });

  test('/cart.php with items', async ({ page, api, admin }) => {
    const levels = await stockedLevels(api, admin, { handles: [FIRST, SECOND] });
    for (const level of levels) await addWithApi(page, level.inventoryLevelId, 2);
    await page.goto('/cart.php');
    for (const level of levels) await expect(lineRow(page, level)).toBeVisible();
    await hydrated(page, 'CartPage', 'CartButton');
  });

  test('product pages, with and without the product in the cart', async ({ page, api, admin }) => {
    const levels = await stockedLevels(api, admin, { handles: PRODUCTS });
    const [inCart] = levels;
    if (!inCart) throw new Error('a product expected');
    await addWithApi(page, inCart.inventoryLevelId, 1);
    for (const level of levels) {
      await openProductPage(page, level);
      await hydrated(page, 'BuyBox', 'BuyBoxPrice', 'CartButton');
    }
  });

  for (const { title, late, other, fill } of WOKE_LATE) {
    test(title, async ({ page, api, admin }) => {
      const { path, shows } = await fill({ page, api, admin });
      const held = await holdUntilCartLoaded(page, late);
      await page.goto(path);
      await shows();
      await hydrated(page, late, other);
      expect(held()).toBe(1);
    });
  }
});
