// The header's cart count (HeaderCart.astro) until its button hydrates.
// Run by the shell's one module (index.ts), as are the other parts of the shell.
// The count the button shows once hydrated (CartButton.tsx), drawn here until then; the
// button's own count takes over when it hydrates. Like the button's client:idle before,
// the cart store loads when the browser is idle, and loads the cart for its first
// subscriber.
const slot = document.querySelector<HTMLElement>('[data-header-cart]');
const badge = slot?.querySelector<HTMLElement>('[data-cart-count]');
const island = slot?.querySelector('astro-island');
let hydrated = false;
island?.addEventListener(
  'astro:hydrate',
  () => {
    hydrated = true;
    badge?.remove();
  },
  { once: true },
);
const draw = async () => {
  // Each import destructured where it is made: the bundler then keeps only these exports
  // (a module namespace, as Promise.all handed on, kept all of the store's in every page).
  const [{ $cart, $cartOpen }, { countBadge }] = await Promise.all([
    import('../../../stores/cart.ts').then(({ $cart, $cartOpen }) => ({ $cart, $cartOpen })),
    import('../../../lib/cart/count-badge.ts').then(({ countBadge }) => ({ countBadge })),
  ]);
  if (badge && !hydrated) {
    const shown = badge.querySelector<HTMLElement>('[data-cart-count-shown]');
    const said = badge.querySelector<HTMLElement>('[data-cart-count-said]');
    const stop = $cart.subscribe((cart) => {
      if (hydrated) return;
      const count = cart.loaded ? cart.totalQuantity : 0;
      badge.hidden = count <= 0;
      const badgeText = countBadge(count);
      if (shown) shown.textContent = badgeText.shown;
      if (said) said.textContent = badgeText.said;
    });
    island?.addEventListener('astro:hydrate', stop, { once: true });
  }
  // spec storefront 4: "After a successful add the cart overlay opens": the button, which
  // draws the overlay, hydrates on this event.
  $cartOpen.subscribe((open) => {
    if (open) window.dispatchEvent(new Event('cart:open'));
  });
};
if ('requestIdleCallback' in window) requestIdleCallback(() => void draw());
else setTimeout(() => void draw(), 200);
