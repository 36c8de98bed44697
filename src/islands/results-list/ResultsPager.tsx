import type { MouseEvent } from 'react';
import { pagerItems } from '../../lib/catalog/pagination.ts';
import '../shared/pager.css';

interface Props {
  /** One-based current page and the number of pages. */
  current: number;
  total: number;
  /** The address of a one-based page (a real link: it works before hydration too). */
  href: (page: number) => string;
  /** Called instead of following the link; undefined lets the browser follow it. */
  onPage: ((page: number) => void) | undefined;
}

/**
 * spec storefront 2: "The simple pager reads 'Pages:' with numbered buttons (current one
 * disabled) and a next arrow shown only when current page is less than total", over the
 * window of pagerItems (the rule Pagination.astro renders too). The other pages are links.
 */
export function ResultsPager({ current, total, href, onPage }: Props) {
  const items = pagerItems(current, total);
  if (items.length === 0) return null;
  const follow = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onPage || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPage(page);
  };
  return (
    <nav className="rl-pager" aria-label="Product pages">
      <span className="rl-pager-label">Pages:</span>
      <ul>
        {items.map((item, index) =>
          item.kind === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : item.kind === 'next' ? (
            <li key="next">
              <a
                href={href(item.page)}
                rel="next"
                aria-label="Next page"
                onClick={follow(item.page)}
              >
                ›
              </a>
            </li>
          ) : item.current ? (
            <li key={item.page}>
              <button type="button" disabled aria-current="page" aria-label={`Page ${item.page}`}>
                {item.page}
              </button>
            </li>
          ) : (
            <li key={item.page}>
              <a
                href={href(item.page)}
                aria-label={`Page ${item.page}`}
                onClick={follow(item.page)}
              >
                {item.page}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
