/**
 * The sidebar's category tree is a shell part (src/lib/shell/shell-parts.ts): one file for
 * every catalogue page, so it cannot know the page it is in. In the browser this does what
 * categoryTreeHtml does with a currentPath: the page's category is marked and the sublists on
 * the way to it, and its own, open. A page below a category (its second page of products)
 * marks that category. Without JavaScript the tree stays closed and unmarked; the page's
 * breadcrumbs say where it is.
 * @example markCurrentCategory(document, '/collections/load-wheels/2')
 */
export function markCurrentCategory(root: ParentNode, pathname: string): void {
  const path = pathname.replace(/\/$/, '');
  let best: HTMLAnchorElement | undefined;
  let bestLength = 0;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('.categories a.tree-link')) {
    const href = (link.getAttribute('href') ?? '').replace(/\/$/, '');
    if (!href || href.length <= bestLength) continue;
    if (path === href || path.startsWith(`${href}/`)) {
      best = link;
      bestLength = href.length;
    }
  }
  if (!best) return;
  best.setAttribute('aria-current', 'page');
  for (
    let item = best.closest('li.tree-item');
    item;
    item = item.parentElement?.closest('li.tree-item') ?? null
  ) {
    const toggle = item.querySelector(':scope > .tree-row > .tree-toggle');
    const list = item.querySelector<HTMLElement>(':scope > ul.tree-list');
    if (!toggle || !list) continue;
    toggle.setAttribute('aria-expanded', 'true');
    list.hidden = false;
  }
}
