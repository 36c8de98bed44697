import type { MouseEvent } from 'react';
import { pageWindow } from '../../lib/catalog/pagination.ts';

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
 * spec storefront 2: the pagination window (current page plus and minus 2, plus first and
 * last) in the simple pager that reads 'Pages:', the current page not clickable and the
 * next arrow only when the current page is less than the total.
 */
export function ResultsPager({ current, total, href, onPage }: Props) {
  if (total <= 1) return null;
  const follow = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onPage || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPage(page);
  };
  return (
    <nav className="rl-pager" aria-label="Product pages">
      <span className="rl-pager-label">Pages:</span>
      <ul>
        {current > 1 && (
          <li>
            <a
              href={href(current - 1)}
              rel="prev"
              aria-label="Previous page"
              onClick={follow(current - 1)}
            >
              ‹
            </a>
          </li>
        )}
        {pageWindow(current, total).map((item, index) =>
          item.kind === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : item.current ? (
            <li key={item.page}>
              <span aria-current="page">{item.page}</span>
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
        {current < total && (
          <li>
            <a
              href={href(current + 1)}
              rel="next"
              aria-label="Next page"
              onClick={follow(current + 1)}
            >
              ›
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
