/** What a shopper can focus in an island, in document order. */
const CONTROLS = 'a[href],button,input,select,textarea,[tabindex]';

/**
 * Keeps the focus on the control the shopper is on while an island wakes (issue 29 item 2).
 *
 * An island whose server render is its first client render keeps its elements through
 * hydration, and the focus with them (the search box's input). One that then swaps a control
 * for another (the cart button's 'View cart' link becomes the mini-cart's button) would drop
 * the focus to the page: a keyboard user lands at the top and Enter does nothing. So, when the
 * control the shopper is on leaves the island and the focus has fallen to the page, the control
 * now in its place (the same position among the island's controls) takes it.
 *
 * It watches the island's changes from the wake until that happens or the shopper has moved
 * on, so it never competes with the island's own focus handling (the overlay's trap).
 * A key pressed before the swap reaches the server's control, which works without script
 * (Enter on the link opens /cart.php); one pressed after it reaches the island's.
 *
 * @param island the `<astro-island>` element that is waking
 */
export function keepFocus(island: HTMLElement): void {
  const on = document.activeElement;
  if (!on || !island.contains(on)) return;
  const controls = () => [...island.querySelectorAll<HTMLElement>(CONTROLS)];
  const position = controls().indexOf(on as HTMLElement);
  new MutationObserver((_, observer) => {
    // Still on it: watch on (the search box's dropdown changes while the shopper types).
    if (on.isConnected && document.activeElement === on) return;
    observer.disconnect();
    if (!on.isConnected && document.activeElement === document.body) controls()[position]?.focus();
  }).observe(island, { childList: true, subtree: true });
}
