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
  stockedLevel,
  stockedLevels,
} from './cart-fixtures.ts';
import { expect, productByHandle, test } from './fixtures.ts';
import { HYDRATION_PRODUCTS } from './seed-fixtures.ts';

// Each spec file uses its own slice of the catalogue (see stockedLevels).
const OFFSET = 44;

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

test.describe('pages hydrate what the build rendered', () => {
  test('/cart.php with an empty cart', async ({ page }) => {
    await page.goto('/cart.php');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await hydrated(page, 'CartPage', 'CartButton');
  });

  test('/cart.php with items', async ({ page, api, admin }) => {
    const levels = await stockedLevels(api, admin, { offset: OFFSET, count: 2 });
    for (const level of levels) await addWithApi(page, level.inventoryLevelId, 2);
    await page.goto('/cart.php');
    for (const level of levels) await expect(lineRow(page, level)).toBeVisible();
    await hydrated(page, 'CartPage', 'CartButton');
  });

  test('product pages, with and without the product in the cart', async ({ page, api }) => {
    // Simple products of this spec's own (a product with options waits for a choice).
    const levels = await Promise.all(
      HYDRATION_PRODUCTS.map(async ({ handle }) => {
        const product = await productByHandle<{
          Variants: { availableInventoryLevels: { id: number }[] }[];
        }>(api, handle);
        return {
          handle,
          inventoryLevelId: product.Variants[0]?.availableInventoryLevels[0]?.id ?? 0,
        };
      }),
    );
    const [inCart] = levels;
    if (!inCart) throw new Error('a product expected');
    await addWithApi(page, inCart.inventoryLevelId, 1);
    for (const level of levels) {
      await page.goto(`/products/${level.handle}`);
      await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeEnabled();
      await hydrated(page, 'BuyBox', 'BuyBoxPrice', 'CartButton');
    }
  });

  test('/cart.php when its island wakes after the header loaded the cart', async ({
    page,
    api,
    admin,
  }) => {
    const level = await stockedLevel(api, admin, { offset: OFFSET });
    await addWithApi(page, level.inventoryLevelId, 1);
    const held = await holdUntilCartLoaded(page, 'CartPage');
    await page.goto('/cart.php');
    await expect(lineRow(page, level)).toBeVisible();
    await hydrated(page, 'CartPage', 'CartButton');
    expect(held()).toBe(1);
  });

  test('/cart.php, empty, when its island wakes after the cart loaded', async ({ page }) => {
    const held = await holdUntilCartLoaded(page, 'CartPage');
    await page.goto('/cart.php');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await hydrated(page, 'CartPage', 'CartButton');
    expect(held()).toBe(1);
  });

  test("the header's count when the button wakes after the cart loaded", async ({
    page,
    api,
    admin,
  }) => {
    const level = await stockedLevel(api, admin, { offset: OFFSET });
    await addWithApi(page, level.inventoryLevelId, 3);
    const held = await holdUntilCartLoaded(page, 'CartButton');
    await page.goto(`/products/${level.handle}`);
    await expect(page.getByTestId('cart-count').first()).toContainText('3');
    await hydrated(page, 'CartButton', 'BuyBox');
    expect(held()).toBe(1);
  });

  test("the buy box's stock note when it wakes after the cart loaded", async ({ page, api }) => {
    // All of the stock the page was built with, in the cart: the box then says so, which the
    // build could not know. A product no spec changes, so the API's stock is the built one.
    const reply = await api.get('/api/products/filter?limit=24&sortBy=id_desc');
    const { products } = (await reply.json()) as {
      products: {
        handle: string;
        price: number;
        availableInventoryLevels?: {
          id: number;
          availableForSale: boolean;
          availableQuantity: number | null;
          bypassNegativeQuantity: boolean;
        }[];
      }[];
    };
    // Priced above 0: the cart refuses a product asked for by phone (issue 29 item 4).
    const product = products.find(({ price, availableInventoryLevels: levels = [] }) => {
      const [level] = levels;
      return (
        price > 0 &&
        levels.length === 1 &&
        level?.availableForSale === true &&
        !level.bypassNegativeQuantity &&
        (level.availableQuantity ?? 0) > 0
      );
    });
    const level = product?.availableInventoryLevels?.[0];
    if (!product || !level) throw new Error('a simple product in stock expected');
    await addWithApi(page, level.id, level.availableQuantity ?? 0);
    const held = await holdUntilCartLoaded(page, 'BuyBox');
    await page.goto(`/products/${product.handle}`);
    await expect(page.getByText('All available stock is already in your cart.')).toBeVisible();
    await hydrated(page, 'BuyBox', 'CartButton');
    expect(held()).toBe(1);
  });
});
