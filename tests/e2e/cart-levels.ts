import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A product card's first inventory level, with enough to find it on the cart page. */
export interface Level {
  productId: number;
  handle: string;
  title: string;
  inventoryLevelId: number;
}

interface FilterCard {
  id: number;
  handle: string;
  title: string;
  availableForSale: boolean;
  price: number;
  inventoryLevelId?: number | null;
  availableInventoryLevels?: { id: number; availableForSale: boolean }[];
}

/**
 * `count` products sold online, skipping the first `offset` (each spec file takes its own slice,
 * so specs running side by side never change each other's stock), each given `stock` units.
 */
export async function stockedLevels(
  api: APIRequestContext,
  admin: APIRequestContext,
  { offset, count, stock = 500 }: { offset: number; count: number; stock?: number },
): Promise<Level[]> {
  const reply = await api.get('/api/products/filter?limit=76&sortBy=id_asc');
  expect(reply.ok()).toBe(true);
  const cards = ((await reply.json()) as { products: FilterCard[] }).products;
  const usable = cards
    .map((card) => ({ card, level: card.availableInventoryLevels?.[0] }))
    // A price of 0 is asked by phone, and the cart refuses it (issue 29 item 4).
    .filter(
      ({ card, level }) => card.availableForSale && level?.availableForSale && card.price > 0,
    );
  const picked = usable.slice(offset, offset + count);
  expect(picked).toHaveLength(count);
  const levels: Level[] = [];
  for (const { card, level } of picked) {
    const id = level?.id ?? 0;
    const patch = await admin.patch(`/api/admin/products/${card.id}/inventory`, {
      data: { inventoryLevelId: id, availableQuantity: stock, bypassNegativeQuantity: false },
    });
    expect(patch.ok(), await patch.text()).toBe(true);
    levels.push({
      productId: card.id,
      handle: card.handle,
      title: card.title,
      inventoryLevelId: id,
    });
  }
  return levels;
}

/** One product for sale, as {@link stockedLevels} picks and stocks it. */
export async function stockedLevel(
  api: APIRequestContext,
  admin: APIRequestContext,
  options: { offset: number; stock?: number },
): Promise<Level> {
  const [level] = await stockedLevels(api, admin, { ...options, count: 1 });
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

/** Waits until the cart island hydrated (its quantity fields answer to typing). */
export async function openCartPage(page: Page) {
  await page.goto('/cart.php');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByText('Loading your cart…')).toHaveCount(0);
}

interface CartPageContext {
  page: Page;
  api: APIRequestContext;
  admin: APIRequestContext;
}

/**
 * The cart page holding a line for each of `quantities`: that many units of stocked products
 * picked as {@link stockedLevels} picks them, added through the API from the home page.
 */
export async function cartPageWithLines<const Q extends readonly number[]>(
  { page, api, admin }: CartPageContext,
  options: { offset: number; stock?: number; quantities: Q },
): Promise<{ [K in keyof Q]: Level }> {
  const { quantities, ...pick } = options;
  const levels = await stockedLevels(api, admin, { ...pick, count: quantities.length });
  await page.goto('/');
  for (const [index, level] of levels.entries()) {
    await addWithApi(page, level.inventoryLevelId, quantities[index] ?? 1);
  }
  await openCartPage(page);
  // stockedLevels gave one level for each quantity (it fails the test otherwise).
  return levels as { [K in keyof Q]: Level };
}

/** The cart page holding `quantity` units of one stocked product (one line). */
export async function cartPageWith(
  context: CartPageContext,
  options: { offset: number; stock?: number; quantity?: number },
): Promise<Level> {
  const { quantity = 1, ...pick } = options;
  const [level] = await cartPageWithLines(context, { ...pick, quantities: [quantity] });
  return level;
}
