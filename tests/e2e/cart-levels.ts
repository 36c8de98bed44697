import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, productByHandle } from './fixtures.ts';

/** A product card's first inventory level, with enough to find it on the cart page. */
export interface Level {
  productId: number;
  handle: string;
  title: string;
  inventoryLevelId: number;
}

/** What a product's detail (GET /api/products/handle/:handle) says that the cart needs. */
interface SoldProduct {
  id: number;
  handle: string;
  title: string;
  price: number;
  availableForSale: boolean;
  Variants: { availableInventoryLevels: { id: number; availableForSale: boolean }[] }[];
}

/**
 * The products of these handles (each spec file has its own: CART_PRODUCTS in
 * tests/e2e/seed-records.ts), each given `stock` units of its first inventory level, the one a
 * card adds (spec storefront 3). A product not sold online fails the test.
 */
export async function stockedLevels(
  api: APIRequestContext,
  admin: APIRequestContext,
  { handles, stock = 500 }: { handles: readonly string[]; stock?: number | undefined },
): Promise<Level[]> {
  const levels: Level[] = [];
  for (const handle of handles) {
    const product = await productByHandle<SoldProduct>(api, handle);
    const level = product.Variants[0]?.availableInventoryLevels[0];
    // A price of 0 is asked by phone, and the cart refuses it (issue 29 item 4).
    expect(
      product.availableForSale && level?.availableForSale === true && product.price > 0,
      `${handle} is sold online`,
    ).toBe(true);
    const id = level?.id ?? 0;
    const patch = await admin.patch(`/api/admin/products/${product.id}/inventory`, {
      data: { inventoryLevelId: id, availableQuantity: stock, bypassNegativeQuantity: false },
    });
    expect(patch.ok(), await patch.text()).toBe(true);
    levels.push({
      productId: product.id,
      handle: product.handle,
      title: product.title,
      inventoryLevelId: id,
    });
  }
  return levels;
}

/** One product for sale by its handle, stocked as {@link stockedLevels} stocks it. */
export async function stockedLevel(
  api: APIRequestContext,
  admin: APIRequestContext,
  { handle, stock }: { handle: string; stock?: number | undefined },
): Promise<Level> {
  const [level] = await stockedLevels(api, admin, { handles: [handle], stock });
  if (!level) throw new Error('a product expected');
  return level;
}

/** The server's cart for this page's visitor (the page's own cookie). */
export async function serverCart(page: Page): Promise<Map<number, number>> {
  const reply = await page.request.get('/api/checkouts');
  expect(reply.ok()).toBe(true);
  const { checkout } = (await reply.json()) as {
    checkout: { LineItems: { inventoryLevelId: number; currentQuantity: number }[] };
  };
  const levels = checkout.LineItems.map((line) => line.inventoryLevelId);
  expect(new Set(levels).size, 'no duplicate line for one inventory level').toBe(levels.length);
  return new Map(checkout.LineItems.map((line) => [line.inventoryLevelId, line.currentQuantity]));
}

/** Adds to the cart with the API and this page's cookies (the buy box is another issue's). */
export async function addWithApi(page: Page, inventoryLevelId: number, quantity: number) {
  const reply = await page.request.post('/api/checkouts/lineItems', {
    data: { inventoryLevelId, quantity },
    // Cart changes need the store's Origin, as the page itself would send.
    headers: { origin: new URL(page.url()).origin },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/** The cart page's row of one line. */
export const lineRow = (page: Page, level: Level) =>
  page.locator(`[data-testid="cart-line"][data-inventory-level="${level.inventoryLevelId}"]`);

/**
 * Opens a stocked product's page and waits until its Add to Cart is enabled (the buy box woke
 * and found stock); returns the button.
 */
export async function openProductPage(page: Page, level: Level): Promise<Locator> {
  await page.goto(`/products/${level.handle}`);
  const add = page.getByRole('button', { name: 'Add to Cart', exact: true });
  await expect(add).toBeEnabled();
  return add;
}

/**
 * The page of the product of `handle`, stocked as {@link stockedLevel} stocks it, open with
 * its Add to Cart enabled; returns its level and the button.
 */
export async function productPageWith({ page, api, admin }: CartPageContext, handle: string) {
  const level = await stockedLevel(api, admin, { handle });
  return { level, add: await openProductPage(page, level) };
}

/** Waits until the cart island hydrated (its quantity fields answer to typing). */
export async function openCartPage(page: Page) {
  await page.goto('/cart.php');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByText('Loading your cart…')).toHaveCount(0);
}

export interface CartPageContext {
  page: Page;
  api: APIRequestContext;
  admin: APIRequestContext;
}

/**
 * The cart page holding a line for each of `handles`, with the quantity at the same place in
 * `quantities`: products stocked as {@link stockedLevels} stocks them, added through the API
 * from the home page.
 */
export async function cartPageWithLines<const H extends readonly string[]>(
  { page, api, admin }: CartPageContext,
  options: { handles: H; stock?: number | undefined; quantities: { [K in keyof H]: number } },
): Promise<{ [K in keyof H]: Level }> {
  const { quantities, ...pick } = options;
  const levels = await stockedLevels(api, admin, pick);
  await page.goto('/');
  for (const [index, level] of levels.entries()) {
    await addWithApi(page, level.inventoryLevelId, quantities[index] ?? 1);
  }
  await openCartPage(page);
  // stockedLevels gave one level for each handle, in order.
  return levels as { [K in keyof H]: Level };
}

/** The cart page holding `quantity` units of one stocked product (one line). */
export async function cartPageWith(
  context: CartPageContext,
  options: { handle: string; stock?: number; quantity?: number },
): Promise<Level> {
  const { handle, quantity = 1, stock } = options;
  const [level] = await cartPageWithLines(context, {
    handles: [handle],
    stock,
    quantities: [quantity],
  });
  return level;
}
