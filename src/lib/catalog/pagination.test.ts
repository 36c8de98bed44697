import { describe, expect, it } from 'vitest';
import {
  pageCount,
  pageRange,
  pagerItems,
  pageWindow,
  type PageItem,
  type PagerItem,
} from './pagination.ts';

const render = (items: (PageItem | PagerItem)[]) =>
  items
    .map((item) =>
      item.kind === 'gap'
        ? '…'
        : item.kind === 'next'
          ? `›${item.page}`
          : item.current
            ? `[${item.page}]`
            : String(item.page),
    )
    .join(' ');

describe('pageWindow', () => {
  it('shows the current page, two on each side, the first and the last', () => {
    expect(render(pageWindow(6, 20))).toBe('1 … 4 5 [6] 7 8 … 20');
  });

  it('adds no gap where the window touches the ends', () => {
    expect(render(pageWindow(1, 20))).toBe('[1] 2 3 … 20');
    expect(render(pageWindow(3, 20))).toBe('1 2 [3] 4 5 … 20');
    expect(render(pageWindow(4, 20))).toBe('1 2 3 [4] 5 6 … 20');
    expect(render(pageWindow(20, 20))).toBe('1 … 18 19 [20]');
    expect(render(pageWindow(17, 20))).toBe('1 … 15 16 [17] 18 19 20');
  });

  it('handles short lists', () => {
    expect(render(pageWindow(1, 1))).toBe('[1]');
    expect(render(pageWindow(2, 3))).toBe('1 [2] 3');
    expect(render(pageWindow(1, 0))).toBe('');
  });

  it('clamps a current page outside the list', () => {
    expect(render(pageWindow(99, 5))).toBe('1 … 3 4 [5]');
    expect(render(pageWindow(-3, 5))).toBe('[1] 2 3 … 5');
    expect(render(pageWindow(Number.NaN, 5))).toBe('[1] 2 3 … 5');
  });
});

describe('pagerItems', () => {
  it('adds a next arrow to the next page while the current page is less than the total', () => {
    expect(render(pagerItems(1, 20))).toBe('[1] 2 3 … 20 ›2');
    expect(render(pagerItems(6, 20))).toBe('1 … 4 5 [6] 7 8 … 20 ›7');
    expect(render(pagerItems(19, 20))).toBe('1 … 17 18 [19] 20 ›20');
  });

  it('shows no next arrow on the last page and never a previous arrow', () => {
    expect(render(pagerItems(20, 20))).toBe('1 … 18 19 [20]');
    expect(render(pagerItems(2, 2))).toBe('1 [2]');
  });

  it('arrows from the clamped page when the current page is outside the list', () => {
    expect(render(pagerItems(99, 5))).toBe('1 … 3 4 [5]');
    expect(render(pagerItems(0, 5))).toBe('[1] 2 3 … 5 ›2');
  });

  it('shows nothing for a list of one page or none', () => {
    expect(pagerItems(1, 1)).toEqual([]);
    expect(pagerItems(1, 0)).toEqual([]);
    expect(pagerItems(1, Number.NaN)).toEqual([]);
  });
});

describe('pageRange and pageCount', () => {
  it('gives the range of a page', () => {
    expect(pageRange(1, 24, 130)).toEqual({ first: 1, last: 24, total: 130 });
    expect(pageRange(6, 24, 130)).toEqual({ first: 121, last: 130, total: 130 });
    expect(pageRange(1, 24, 0)).toEqual({ first: 0, last: 0, total: 0 });
  });

  it('counts pages, at least one', () => {
    expect(pageCount(130, 24)).toBe(6);
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(48, 24)).toBe(2);
  });
});
