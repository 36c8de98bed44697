import { useEffect, useRef, useState } from 'react';
import { pagedHref } from '../../lib/catalog/collection-page.ts';
import { collectionPath } from '../../lib/routing/paths.ts';
import { fetchCollectionHandle } from '../../lib/search/filter-api.ts';
import { machineFits, type FitsFilter } from '../../lib/search/machine-filter.ts';
import {
  applyChange,
  EMPTY_PARAMS,
  parseSearchParams,
  searchParamsToQuery,
  type SearchParams,
} from '../../lib/search/search-params.ts';
import { $activeMachine } from '../../stores/fleet.ts';
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

export interface AddressSearchOptions {
  initial: InitialPage | undefined;
  /** Parameters the page fixes (a collection page's `c`). */
  fixed: Partial<SearchParams>;
  isCollection: boolean;
  collectionBase: string;
  /** The address of a search on this list. */
  urlFor: (next: SearchParams) => string;
  /**
   * Applies the chosen machine's filter when the shopper chooses another machine or none,
   * with replaceState (see below).
   */
  onMachine: (filter: FitsFilter) => void;
}

/**
 * The address's search with the chosen machine added when the address names none (issue 31,
 * item 8: "choosing a machine filters collection and search results (`fits=`)"). An address
 * with its own `fits` wins: a shared link shows what it was shared for. The machine's
 * filter replaces the address rather than adding a step: Back cannot un-choose a machine,
 * so a step without it would only show a list the chosen machine contradicts.
 */
function withChosenMachine(parsed: SearchParams, urlFor: (next: SearchParams) => string) {
  if (parsed.fits) return parsed;
  const next = applyChange(parsed, { kind: 'fits', value: machineFits($activeMachine.get()) });
  if (next !== parsed) window.history.replaceState(null, '', urlFor(next));
  return next;
}

/**
 * The search the address holds, read once hydrated and again on Back and Forward, with the
 * list loaded for it (or left as prerendered when the address asks for the page as it was
 * written), and following the chosen machine (src/stores/fleet.ts). Returns the search, its
 * setter, whether the island has hydrated, and the search as last set, for handlers that
 * run before the next render (a chip's remove, then the machine store's change it causes).
 */
export function useAddressSearch(
  list: ReturnType<typeof createResultsList>,
  { initial, fixed, isCollection, collectionBase, urlFor, onMachine }: AddressSearchOptions,
) {
  const [params, setState] = useState<SearchParams>({
    ...EMPTY_PARAMS,
    ...fixed,
    page: initial ? initial.page - 1 : 0,
  });
  const [hydrated, setHydrated] = useState(false);
  const latest = useRef(params);
  const setParams = (next: SearchParams) => {
    latest.current = next;
    setState(next);
  };
  // The list's own handler of this render: the store's listener below outlives the render.
  const follow = useRef(onMachine);
  useEffect(() => {
    follow.current = onMachine;
  });

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
      const address = parseSearchParams(query, fixed);
      if (initial && !query.has('page')) address.page = initial.page - 1;
      const parsed = withChosenMachine(address, urlFor);
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
    // A machine chosen or dropped later, here or in another tab: the list follows it.
    const unlisten = $activeMachine.listen((machine) => {
      follow.current(machineFits(machine));
    });
    return () => {
      window.removeEventListener('popstate', read);
      unlisten();
      list.stop();
    };
    // Once per mount: the props of an island never change.
  }, []);

  return [params, setParams, hydrated, () => latest.current] as const;
}
