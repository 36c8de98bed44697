import { describe, expect, it } from 'vitest';
import { rowsPageKey } from '../product/cache-key.ts';
import { INDEX_PAGE_SIZE } from './index-pagination.ts';
import { indexLetter } from './catalogue-index.ts';
import { letterIndexPaths } from './letter-index-paths.ts';

const entry = (label: string) => ({ label, path: `/p/${label}`, letter: label.charAt(0) });

describe('letterIndexPaths', () => {
  it('puts the first page at the base path, sorted, with the jump list and the count', () => {
    const [first, ...rest] = letterIndexPaths('test-a', [entry('B'), entry('A')]);
    expect(rest).toEqual([]);
    expect(first?.params).toEqual({ page: undefined });
    expect(first?.props.items.map((item) => item.label)).toEqual(['A', 'B']);
    expect(first?.props).toMatchObject({ page: 1, totalPages: 1, count: 2 });
    expect(first?.props.starts.map((start) => start.letter)).toEqual(['A', 'B']);
  });

  it('keys each page on its own props', () => {
    const [first] = letterIndexPaths('test-b', [entry('A')]);
    const { items = [], ...fields } = first?.props ?? {};
    expect(first?.cacheKey).toBe(rowsPageKey(fields, items));
    expect(letterIndexPaths('test-b', [entry('B')])[0]?.cacheKey).not.toBe(first?.cacheKey);
  });

  it('cuts pages of INDEX_PAGE_SIZE after the first under page/{n}', () => {
    const entries = Array.from({ length: INDEX_PAGE_SIZE + 1 }, (_, n) => entry(`A${n}`));
    const paths = letterIndexPaths('test-c', entries);
    expect(paths.map((path) => path.params.page)).toEqual([undefined, 'page/2']);
    expect(paths[1]?.props).toMatchObject({ page: 2, totalPages: 2, count: INDEX_PAGE_SIZE + 1 });
  });
});

describe('letterIndexPaths between publishes', () => {
  const many = (suffix: string) =>
    Array.from({ length: INDEX_PAGE_SIZE + 3 }, (_, n) =>
      entry(`${String.fromCharCode(65 + (n % 26))}${n}${suffix}`),
    );

  it('gives the paths made from equal entries again, and new paths for changed ones', () => {
    const first = letterIndexPaths('warm-a', many(''));
    // Equal entries in new objects, as a warm publish's listing makes them.
    expect(letterIndexPaths('warm-a', many(''))).toBe(first);
    const changed = letterIndexPaths('warm-a', many('x'));
    expect(changed).not.toBe(first);
    expect(changed.map((path) => path.cacheKey)).not.toEqual(first.map((path) => path.cacheKey));
    expect(changed[0]?.props.items[0]?.label).toMatch(/x$/);
  });

  it('keeps each index by its name', () => {
    const products = letterIndexPaths('warm-products', many('p'));
    const collections = letterIndexPaths('warm-collections', many('c'));
    letterIndexPaths('warm-products', many('p2'));
    expect(letterIndexPaths('warm-collections', many('c'))).toBe(collections);
    expect(letterIndexPaths('warm-products', many('p'))).not.toBe(products);
  });

  it('sorted from its last order, gives the pages a first listing gives', () => {
    // Entries that come and go, and labels the collator holds equal (case, accents).
    const label = (n: number) =>
      [`Axle ${n % 7}`, `axle ${n % 7}`, `Àxle ${n % 5}`, `B${n}`][n % 4];
    const make = (ids: number[]) =>
      ids.map((n) => {
        const text = label(n) ?? '';
        return { label: text, path: `/p/${n}`, letter: indexLetter(text) };
      });
    const ids = Array.from({ length: INDEX_PAGE_SIZE + 40 }, (_, n) => n);
    letterIndexPaths('warm-order', make(ids));
    const later = [...ids.filter((n) => n % 9 !== 3), 5000, 5001, 5002].reverse();
    const warm = letterIndexPaths('warm-order', make(later));
    const fresh = letterIndexPaths('warm-order-fresh', make(later));
    expect(warm.map((path) => path.cacheKey)).toEqual(fresh.map((path) => path.cacheKey));
    expect(warm.map((path) => path.props.items.map((item) => item.path))).toEqual(
      fresh.map((path) => path.props.items.map((item) => item.path)),
    );
  });
});
