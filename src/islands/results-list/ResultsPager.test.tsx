import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResultsPager } from './ResultsPager.tsx';

const href = (page: number) => `/collections/wheels/page/${page}`;
const pager = (current: number, total: number) =>
  renderToStaticMarkup(
    <ResultsPager current={current} total={total} href={href} onPage={undefined} />,
  );

describe('ResultsPager (spec storefront 2, the simple pager)', () => {
  it("reads 'Pages:' and shows the current page as a disabled button", () => {
    const html = pager(3, 9);
    expect(html).toContain('Pages:');
    expect(html).toContain(
      '<button type="button" disabled="" aria-current="page" aria-label="Page 3">3</button>',
    );
    // The current page is no link.
    expect(html).not.toContain(`href="${href(3)}"`);
  });

  it('keeps the other numbered pages real links, so they work before hydration', () => {
    const html = pager(3, 9);
    for (const page of [1, 2, 4, 5, 9])
      expect(html).toContain(`<a href="${href(page)}" aria-label="Page ${page}">${page}</a>`);
    expect(html).not.toContain(`href="${href(6)}"`);
  });

  it('shows a next arrow only while the current page is less than the total, never a previous one', () => {
    expect(pager(3, 9)).toContain(`<a href="${href(4)}" rel="next" aria-label="Next page">›</a>`);
    expect(pager(9, 9)).not.toContain('Next page');
    expect(pager(9, 9)).not.toContain('Previous page');
    expect(pager(9, 9)).not.toContain('rel="prev"');
  });

  it('renders nothing for a single page', () => {
    expect(pager(1, 1)).toBe('');
  });
});
