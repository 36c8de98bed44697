import type { ClientDirective } from 'astro';

/**
 * `client:interact` (issue 13 item 19): an island that hydrates when the shopper first reaches
 * for it (a pointer over or down on it, a tap, the focus coming into it), so a page whose only
 * islands are the header's search box and cart button runs no React until then.
 *
 * It hydrates without waiting when:
 * - the page has an island that loads React anyway (client:load, client:idle or
 *   client:visible): waiting would save nothing there, and the box would lose what it
 *   restores from the address (the query on /search.php);
 * - the window event named by the directive's value fires (`client:interact="cart:open"`):
 *   another part of the page needs the island now (a product added to the cart opens the
 *   cart overlay);
 * - the focus is already inside the island when the directive runs.
 */
const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

const interactDirective: ClientDirective = (load, options, el) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const name of EVENTS) el.removeEventListener(name, start);
    if (typeof options.value === 'string') window.removeEventListener(options.value, start);
    void load().then((hydrate) => hydrate());
  };
  // The header comes before the page's own islands: look for them once the page is parsed.
  const whenOthersLoadReact = () => {
    const loadsReact = document.querySelector(
      'astro-island[client="load"], astro-island[client="idle"], astro-island[client="visible"]',
    );
    if (!loadsReact) return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(start);
    else setTimeout(start, 200);
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', whenOthersLoadReact, { once: true });
  } else {
    whenOthersLoadReact();
  }
  for (const name of EVENTS) el.addEventListener(name, start, { passive: true });
  if (typeof options.value === 'string') window.addEventListener(options.value, start);
  if (el.contains(document.activeElement)) start();
};

export default interactDirective;
