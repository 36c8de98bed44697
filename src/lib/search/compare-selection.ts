/** spec storefront 5 and 9: compare at least 2 and at most 4 products. */
export const MIN_COMPARE = 2;
export const MAX_COMPARE = 4;
export const TOO_FEW_TO_COMPARE = 'Please select at least two products to compare.';
export const TOO_MANY_TO_COMPARE = 'You can only compare a maximum of 4 products.';

/** The comparison page (account-and-shell 2.7). */
export const COMPARE_PATH = '/compareProduct';

/**
 * The selection after ticking or unticking a product's Compare box. Ticking a fifth is
 * refused with the spec's message and leaves the selection as it was.
 * @example toggleCompare([1, 2], 3) // { selection: [1, 2, 3] }
 */
export function toggleCompare(
  selection: readonly number[],
  id: number,
): { selection: readonly number[]; error?: string } {
  if (selection.includes(id)) return { selection: selection.filter((one) => one !== id) };
  if (selection.length >= MAX_COMPARE) return { selection, error: TOO_MANY_TO_COMPARE };
  return { selection: [...selection, id] };
}

/**
 * Where Compare Selected goes (spec storefront 2: /compareProduct?ids={comma-separated
 * ids}&source={Collection or other source}&path={current path}), or the message that refuses it.
 */
export function compareTarget(
  selection: readonly number[],
  source: string,
  path: string,
): { href: string } | { error: string } {
  if (selection.length < MIN_COMPARE) return { error: TOO_FEW_TO_COMPARE };
  if (selection.length > MAX_COMPARE) return { error: TOO_MANY_TO_COMPARE };
  const query = new URLSearchParams({ ids: selection.join(','), source, path });
  return { href: `${COMPARE_PATH}?${query.toString()}` };
}
