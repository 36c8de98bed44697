/**
 * The header's cart count (spec storefront 2): the number drawn on the badge (99+ past 99)
 * and the words read after the 'View cart' label. One rule for the cart button
 * (CartButton.tsx) and the script that draws the count before it hydrates (components/shell/client/header-cart.ts).
 * @example countBadge(120) // { shown: '99+', said: ', 120 items' }
 */
export const countBadge = (count: number): { shown: string; said: string } => ({
  shown: count > 99 ? '99+' : String(count),
  said: `, ${String(count)} ${count === 1 ? 'item' : 'items'}`,
});
