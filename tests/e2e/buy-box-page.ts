import type { Page } from '@playwright/test';
import type { ProductRecord } from '../../shared/contracts/product-record.ts';
import { storeConfig } from '../../src/lib/config/index.ts';
import { expect } from './fixtures.ts';

const { productBase } = storeConfig.theme.paths;

/** A product detail's variant as the storefront reads it. */
export type Variant = ProductRecord['Variants'][number];

/** A product detail from the live API, with the fields the buy box specs read by name. */
export interface Detail {
  id: number;
  handle: string;
  title: string;
  price: number;
  availableForSale: boolean;
  Options: { id: number; name: string; position: number }[];
  Variants: Variant[];
  [field: string]: unknown;
}

/** A variant's first inventory level: the one the buy box adds to the cart. */
export const level = (variant: Variant | undefined) => variant?.availableInventoryLevels[0];

/** The buy box's Add to Cart button (not a product card's, named after its product). */
export const addButton = (page: Page) =>
  page.getByRole('button', { name: 'Add to Cart', exact: true });

/**
 * Opens a product's page (`query` appended to its path) and waits until the buy box has
 * hydrated and checked the live API: its quantity field is enabled then.
 */
export async function openProduct(page: Page, product: { handle: string }, query = '') {
  const reply = await page.goto(`${productBase}/${product.handle}${query}`);
  expect(reply?.status()).toBe(200);
  await expect(page.getByRole('textbox', { name: 'Quantity', exact: true })).toBeEnabled();
}
