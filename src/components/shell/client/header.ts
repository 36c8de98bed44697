// The header (Header.astro): its shadow once stuck, the mobile menu, the logo's alert.
// Run by the shell's one module (index.ts), as are the other parts of the shell.
// Sticky header: the header sticks by CSS; this marks it once the page scrolls past the
// bars above it, so it can show its shadow (spec storefront 2: "becomes sticky on scroll").
const header = document.querySelector<HTMLElement>('[data-site-header]');
const sentinel = document.querySelector('[data-sticky-sentinel]');
if (header && sentinel) {
  new IntersectionObserver(([entry]) => {
    header.classList.toggle('is-stuck', entry ? !entry.isIntersecting : false);
  }).observe(sentinel);
}

// Mobile menu (MobileMenu.astro): a modal drawer that the Menu button opens by an invoker
// command and Close, Escape or the backdrop close, without this script. Here: the same for
// browsers without invoker commands or closedby, aria-expanded, focus back on the Menu button,
// and each submenu's expand and collapse (spec storefront 4).
const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
const menu = document.querySelector<HTMLDialogElement>('[data-mobile-menu]');
const setOpen = (button: HTMLButtonElement, target: HTMLElement, open: boolean) => {
  button.setAttribute('aria-expanded', String(open));
  target.hidden = !open;
};
if (toggle && menu) {
  const sync = () => toggle.setAttribute('aria-expanded', String(menu.open));
  if (!('command' in HTMLButtonElement.prototype)) {
    toggle.addEventListener('click', () => {
      menu.showModal();
      sync();
    });
    menu.querySelector('[data-menu-close]')?.addEventListener('click', () => menu.close());
  }
  if (!('closedBy' in HTMLDialogElement.prototype)) {
    // A tap on the backdrop lands on the dialog itself.
    menu.addEventListener('click', (event) => {
      if (event.target === menu) menu.close();
    });
  }
  menu.addEventListener('toggle', sync);
  menu.addEventListener('close', () => {
    sync();
    // The browser gives the focus back to the Menu button as the drawer closes; the close
    // event comes a task later, when a quick Tab may have moved on. Only a focus left on
    // nothing (a browser that gives none back) or in the closed drawer comes back here.
    const lost = document.activeElement;
    if (lost === null || lost === document.body || menu.contains(lost)) toggle.focus();
  });
  // The drawer is for phones: a window widened past them closes it.
  matchMedia('(min-width: 768px)').addEventListener('change', (event) => {
    if (event.matches && menu.open) menu.close();
  });
}
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-submenu-toggle]')) {
  const target = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!target) continue;
  button.addEventListener('click', () => {
    setOpen(button, target, button.getAttribute('aria-expanded') !== 'true');
  });
}

// spec storefront 2: right-click on a logo shows the configured alert, not the menu.
document.addEventListener('contextmenu', (event) => {
  const logo = event.target instanceof Element ? event.target.closest('[data-logo]') : null;
  if (!(logo instanceof HTMLElement)) return;
  event.preventDefault();
  alert(logo.dataset['logoAlert'] ?? '');
});
