import { useEffect, useState } from 'react';
import { pagedHref } from '../../lib/catalog/collection-page.ts';
import { collectionPath } from '../../lib/routing/paths.ts';
import { fetchCollectionHandle } from '../../lib/search/filter-api.ts';
import {
  EMPTY_PARAMS,
  parseSearchParams,
  searchParamsToQuery,
  type SearchParams,
} from '../../lib/search/search-params.ts';
import type { createResultsList, ListState } from '../../stores/results-list.ts';
import { showToast } from '../../stores/toast.ts';
import type { ApiCard } from '../../lib/search/filter-reply.ts';

/**
 * The page a collection page is (one-based), with its prerendered products; a page past
 * PRODUCT_PAGES (src/lib/catalog/collection-page.ts) has none and loads them.
 */
export type InitialPage =
  | { page: number; cards: ApiCard[]; total: number; pages: number }
  | { page: number; cards?: undefined };

/** The list's state from a collection page's prerendered products, if it has them. */
export const prerenderedState = (initial: InitialPage | undefined): ListState =>
  initial?.cards
    ? {
        kind: 'loaded',
        cards: initial.cards,
        total: initial.total,
        pages: initial.pages,
        prerendered: true,
      }
    : { kind: 'idle' };

/**
 * The search the address holds, read once hydrated and again on Back and Forward, with the
 * list loaded for it (or left as prerendered when the address asks for the page as it was
 * written). Returns the search, its setter, and whether the island has hydrated.
 */
export function useAddressSearch(
  list: ReturnType<typeof createResultsList>,
  initial: InitialPage | undefined,
  fixed: Partial<SearchParams>,
  isCollection: boolean,
  collectionBase: string,
) {
  const [params, setParams] = useState<SearchParams>({
    ...EMPTY_PARAMS,
    ...fixed,
    page: initial ? initial.page - 1 : 0,
  });
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const read = () => {
      const query = new URLSearchParams(window.location.search);
      const cat = query.get('cat')?.trim();
      if (!isCollection && cat) {
        // spec storefront 2: cat names a collection; go to its page, by handle.
        list.startLoading();
        const page = Number(query.get('page'));
        fetchCollectionHandle(cat)
          .then((handle) => {
            const path = collectionPath(collectionBase, handle);
            window.location.replace(
              Number.isInteger(page) && page > 1 ? pagedHref(path, page) : path,
            );
          })
          .catch((error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            showToast({ variant: 'danger', message });
            list.show({ kind: 'error', message });
          });
        return;
      }
      const parsed = parseSearchParams(query, fixed);
      if (initial && !query.has('page')) parsed.page = initial.page - 1;
      setParams(parsed);
      const untouched =
        initial !== undefined &&
        searchParamsToQuery(parsed, ['c', 'page']) === '' &&
        parsed.page === initial.page - 1;
      if (untouched && !initial.cards) {
        void list.run(parsed, true);
      } else if (untouched) {
        list.show(prerenderedState(initial));
        list.loadChoices(parsed);
      } else {
        void list.run(parsed);
      }
    };
    read();
    window.addEventListener('popstate', read);
    return () => {
      window.removeEventListener('popstate', read);
      list.stop();
    };
    // Once per mount: the props of an island never change.
  }, []);

  return [params, setParams, hydrated] as const;
}
