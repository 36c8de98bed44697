import { describe, expect, it } from 'vitest';
import { viewPageKey } from '../product/cache-key.ts';
import { INDEX_PAGE_SIZE } from './index-pagination.ts';
import { letterIndexPaths } from './letter-index-paths.ts';

const entry = (label: string) => ({ label, path: `/p/${label}`, letter: label.charAt(0) });

describe('letterIndexPaths', () => {
  it('puts the first page at the base path, sorted, with the jump list and the count', () => {
    const [first, ...rest] = letterIndexPaths([entry('B'), entry('A')]);
    expect(rest).toEqual([]);
    expect(first?.params).toEqual({ page: undefined });
    expect(first?.props.items.map((item) => item.label)).toEqual(['A', 'B']);
    expect(first?.props).toMatchObject({ page: 1, totalPages: 1, count: 2 });
    expect(first?.props.starts.map((start) => start.letter)).toEqual(['A', 'B']);
  });

  it('keys each page on its own props', () => {
    const [first] = letterIndexPaths([entry('A')]);
    expect(first?.cacheKey).toBe(viewPageKey(first?.props));
    expect(letterIndexPaths([entry('B')])[0]?.cacheKey).not.toBe(first?.cacheKey);
  });

  it('cuts pages of INDEX_PAGE_SIZE after the first under page/{n}', () => {
    const entries = Array.from({ length: INDEX_PAGE_SIZE + 1 }, (_, n) => entry(`A${n}`));
    const paths = letterIndexPaths(entries);
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
    const first = letterIndexPaths(many(''));
    // Equal entries in new objects, as a warm publish's listing makes them.
    expect(letterIndexPaths(many(''))).toBe(first);
    const changed = letterIndexPaths(many('x'));
    expect(changed).not.toBe(first);
    expect(changed.map((path) => path.cacheKey)).not.toEqual(first.map((path) => path.cacheKey));
    expect(changed[0]?.props.items[0]?.label).toMatch(/x$/);
  });

  it('keeps two indexes, pushing out the one used longest ago', () => {
    const products = letterIndexPaths(many('p'));
    const collections = letterIndexPaths(many('c'));
    // The products' index used again, then a new one: the collections' goes.
    expect(letterIndexPaths(many('p'))).toBe(products);
    letterIndexPaths(many('p2'));
    expect(letterIndexPaths(many('p'))).toBe(products);
    expect(letterIndexPaths(many('c'))).not.toBe(collections);
  });
});
