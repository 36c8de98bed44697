import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiUnreachableError } from '../lib/search/api-read.ts';
import type { FilterReply, PageInfo } from '../lib/search/filter-reply.ts';
import { parseSearchParams } from '../lib/search/search-params.ts';
import { createResultsList, type ListState, type ResultsListDeps } from './results-list.ts';
import { $searchLoading } from './search.ts';
import { $toasts } from './toast.ts';

const info = (total: number): PageInfo => ({
  limitPerPage: 24,
  totalObjects: total,
  totalPages: Math.ceil(total / 24),
  availableVendors: [],
});
const reply = (total: number): FilterReply => ({ products: [], pageInfo: info(total) });

/** Deps whose calls resolve only when the test says so, in any order. */
function pendingDeps() {
  const filters: {
    params: string;
    resolve: (r: FilterReply) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const deps: ResultsListDeps = {
    filter: (params) =>
      new Promise((resolve, reject) => filters.push({ params: params.q, resolve, reject })),
    choices: vi.fn(() => Promise.reject(new Error('offline'))),
    fallback: vi.fn(() => Promise.resolve({ cards: [], total: 3, pages: 1 })),
  };
  return { deps, filters };
}

/** A search page's list with no cards yet, over pending deps. */
function idleSearchList() {
  const { deps, filters } = pendingDeps();
  const list = createResultsList({ kind: 'idle' }, { isCollection: false, defaultLimit: 24 }, deps);
  return { list, deps, filters };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  $toasts.set([]);
  $searchLoading.set(false);
});

describe('results list store', () => {
  it('starts loading when the page has no cards, and not when it has', () => {
    const options = { isCollection: false, defaultLimit: 24 };
    const { deps } = pendingDeps();
    expect(createResultsList({ kind: 'idle' }, options, deps).$list.get().loading).toBe(true);
    const loaded: ListState = { kind: 'loaded', cards: [], total: 0, pages: 0, prerendered: true };
    expect(createResultsList(loaded, options, deps).$list.get().loading).toBe(false);
  });

  it('asks nothing for a query under 3 characters (spec storefront 5)', async () => {
    const { list, filters } = idleSearchList();
    await list.run(parseSearchParams('?q=ab'));
    expect(filters).toHaveLength(0);
    expect(list.$list.get()).toMatchObject({ state: { kind: 'short' }, loading: false });
  });

  it('shows the newest call only: an older reply that arrives last is dropped', async () => {
    const { list, filters } = idleSearchList();
    const first = list.run(parseSearchParams('?q=wheel'));
    const second = list.run(parseSearchParams('?q=seal kit'));
    expect($searchLoading.get()).toBe(true);
    filters[1]?.resolve(reply(7));
    await second;
    filters[0]?.resolve(reply(500));
    await first;
    expect(list.$list.get()).toMatchObject({
      state: { kind: 'loaded', total: 7, pages: 1, prerendered: false },
      loading: false,
      info: info(7),
      choicesFailed: false,
    });
    expect($searchLoading.get()).toBe(false);
  });

  it('answers from the static index while the API cannot be reached', async () => {
    const { list, deps, filters } = idleSearchList();
    const run = list.run(parseSearchParams('?q=wheel'));
    filters[0]?.reject(new ApiUnreachableError());
    await run;
    expect(deps.fallback).toHaveBeenCalledWith('wheel', 0, 24);
    expect(list.$list.get()).toMatchObject({
      state: { kind: 'fallback', total: 3 },
      loading: false,
    });
    expect($toasts.get()).toHaveLength(0);
  });

  it("does not answer a machine's parts from the static index, which cannot tell what fits", async () => {
    const { list, deps, filters } = idleSearchList();
    const run = list.run(parseSearchParams('?q=wheel&fits=crown/pth50'));
    filters[0]?.reject(new ApiUnreachableError());
    await run;
    expect(deps.fallback).not.toHaveBeenCalled();
    expect(list.$list.get()).toMatchObject({ state: { kind: 'error' }, loading: false });
    expect($toasts.get().map((toast) => toast.variant)).toEqual(['danger']);
  });

  it('shows a failed search as an error and a danger toast (spec storefront 8)', async () => {
    const { list, filters } = idleSearchList();
    const run = list.run(parseSearchParams('?v=Crown'));
    filters[0]?.reject(new Error('Bad gateway'));
    await run;
    expect(list.$list.get()).toMatchObject({
      state: { kind: 'error', message: 'Bad gateway' },
      choicesFailed: true,
    });
    expect($toasts.get().map((toast) => toast.variant)).toEqual(['danger']);
  });

  it('sorts a collection by title unless asked otherwise, and only logs its failures', async () => {
    const { deps, filters } = pendingDeps();
    const seen: (string | undefined)[] = [];
    const filter = deps.filter;
    deps.filter = (params, limit, signal) => {
      seen.push(params.sortBy);
      return filter(params, limit, signal);
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const list = createResultsList(
      { kind: 'idle' },
      { isCollection: true, defaultLimit: 24 },
      deps,
    );
    const run = list.run({ ...parseSearchParams(''), c: [3] });
    filters[0]?.reject(new Error('down'));
    await run;
    expect(seen).toEqual(['title_asc']);
    expect($toasts.get()).toHaveLength(0);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('a failed choices call leaves the cards and marks the panel failed', async () => {
    const { deps } = pendingDeps();
    const loaded: ListState = { kind: 'loaded', cards: [], total: 5, pages: 1, prerendered: true };
    const list = createResultsList(loaded, { isCollection: true, defaultLimit: 24 }, deps);
    list.loadChoices({ ...parseSearchParams(''), c: [3] });
    await flush();
    expect(list.$list.get()).toMatchObject({ state: loaded, choicesFailed: true });
  });
});
