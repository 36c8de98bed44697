import { readListLine, type ListLine } from '../../../shared/parts/part-list.ts';

/**
 * The saved lists' page (issue 32, item 9) and the link a product page's 'Add to a list' makes:
 * plain HTML, so the product page carries no script for it; the lists page asks which list.
 */
export const LISTS_PATH = '/lists';

/**
 * The lists page asking to add one part: its number and the product (two parts may share a
 * number; the product id keeps the one the shopper was looking at).
 * @example addToListLink('85288-001', 12) // '/lists?add=85288-001&product=12'
 */
export function addToListLink(part: string, productId: number): string {
  return `${LISTS_PATH}?${new URLSearchParams({ add: part, product: String(productId) }).toString()}`;
}

/** The line an addToListLink names, or undefined when the address names none that reads. */
export function lineFromListLink(search: string): ListLine | undefined {
  const query = new URLSearchParams(search);
  const part = query.get('add');
  if (part === null) return undefined;
  const product = Number(query.get('product'));
  return readListLine({
    part,
    quantity: 1,
    ...(Number.isSafeInteger(product) && product > 0 ? { productId: product } : {}),
  });
}
