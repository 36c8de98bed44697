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
