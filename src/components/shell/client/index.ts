// The shell's behaviour on every page (layouts/Base.astro), one module: the loading bar, the
// header (account links, fleet switcher, cart count, sticky shadow, mobile menu), the
// footer's year, the toasts, the exit-intent popup and the page view with realtime. Each
// part is the script of its component, in a file of its own here; run from one module they
// cost about 1,240 gzipped bytes less than as nine (tests/e2e/budget.spec.ts counts each file
// on its own). Module scripts run after the page is parsed, in this order, as they did.
import './loading-bar.ts';
import './account-links.ts';
import './header.ts';
import './fleet-switch.ts';
import './header-cart.ts';
import './footer-year.ts';
import './toasts.ts';
import './exit-intent.ts';
import './realtime.ts';
