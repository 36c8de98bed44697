import type { ClientDirective } from 'astro';

/**
 * `client:interact`: an island that hydrates when the shopper first reaches
 * for it (a pointer over or down on it, a tap, the focus coming into it), so a page whose only
 * islands are the header's search box and cart button runs no React until then.
 *
 * It hydrates without waiting (at idle) when:
 * - the page has an island that hydrates at load (client:load: /search.php's results, the
 *   comparison): React arrives at once there, and the search box must restore the query the
 *   address holds. On pages whose own islands wait for idle or visibility (a product page's
 *   buy box, a collection's list) the header's islands still wait for the shopper: their code
 *   (about 8 KB gzipped) is no part of the page until then (a product page
 *   ships at most 100 KB);
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
    if (!document.querySelector('astro-island[client="load"]')) return;
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
