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
// The drawer's sublists come open in the page (MobileNavList.astro), for a shopper without
// script; each is folded here behind a +/− button beside its parent's link.
let sublists = 0;
for (const sublist of menu?.querySelectorAll<HTMLUListElement>('.mobile-list li > ul') ?? []) {
  const item = sublist.parentElement;
  const link = item?.querySelector(':scope > a');
  if (!item || !link) continue;
  sublists += 1;
  sublist.id = `mobile-nav-${String(sublists)}`;
  sublist.hidden = true;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'expand';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', sublist.id);
  button.setAttribute('aria-label', `${link.textContent} subcategories`);
  const sign = document.createElement('span');
  sign.setAttribute('aria-hidden', 'true');
  button.append(sign);
  button.addEventListener('click', () => {
    setOpen(button, sublist, button.getAttribute('aria-expanded') !== 'true');
  });
  const row = document.createElement('div');
  row.className = 'row';
  row.append(link, button);
  item.prepend(row);
}

// spec storefront 2: right-click on a logo shows the configured alert, not the menu.
document.addEventListener('contextmenu', (event) => {
  const logo = event.target instanceof Element ? event.target.closest('[data-logo]') : null;
  if (!(logo instanceof HTMLElement)) return;
  event.preventDefault();
  alert(logo.dataset['logoAlert'] ?? '');
});
