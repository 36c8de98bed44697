import { map, type MapStore } from 'nanostores';
import { takeEarlyFilter } from '../lib/search/early-filter.ts';
import { ApiUnreachableError, fetchChoices, fetchFilter } from '../lib/search/filter-api.ts';
import type { ApiCard, FilterReply, PageInfo } from '../lib/search/filter-reply.ts';
import { productIndex } from '../lib/search/pagefind-client.ts';
import {
  fallbackWords,
  searchFallback,
  type FallbackCard,
} from '../lib/search/pagefind-fallback.ts';
import { effectiveLimit, shouldSearch, type SearchParams } from '../lib/search/search-params.ts';
import { trackLoading } from './loading.ts';
import { setSearchLoading } from './search.ts';
import { showToast } from './toast.ts';

/** What the results list shows, apart from loading. */
export type ListState =
  | { kind: 'idle' }
  | { kind: 'short' }
  | {
      kind: 'loaded';
      cards: ApiCard[];
      total: number;
      pages: number;
      /** The prerendered page is on screen: its pager links go to the prerendered pages. */
      prerendered: boolean;
    }
  | { kind: 'fallback'; cards: FallbackCard[]; total: number; pages: number }
  | { kind: 'error'; message: string };

export interface ResultsListValue {
  state: ListState;
  /** A list call is out: the loading cards show (from the server's HTML on, see below). */
  loading: boolean;
  /** The filter panel's choices: from every filter reply, or fetched for a prerendered list. */
  info: PageInfo | undefined;
  choicesFailed: boolean;
}

/** The calls the list makes; the browser's by default, a test's own in the unit tests. */
export interface ResultsListDeps {
  filter: (params: SearchParams, defaultLimit: number, signal: AbortSignal) => Promise<FilterReply>;
  choices: (params: SearchParams, signal: AbortSignal) => Promise<PageInfo>;
  /** The static index's answer while the API cannot be reached (DESIGN, Search). */
  fallback: (
    words: string,
    page: number,
    size: number,
  ) => Promise<{ cards: FallbackCard[]; total: number; pages: number }>;
}

const browserDeps: ResultsListDeps = {
  // The page's own first call may already be out (early-filter.ts): take its reply.
  filter: (params, defaultLimit, signal) =>
    takeEarlyFilter(params, defaultLimit) ?? fetchFilter(params, defaultLimit, signal),
  choices: fetchChoices,
  fallback: async (words, page, size) => searchFallback(await productIndex(), words, page, size),
};

export interface ResultsList {
  readonly $list: MapStore<ResultsListValue>;
  /**
   * Loads the list `next` asks for; a newer call or `stop` cancels it. `asPrerendered`: it is
   * the page's own list (a collection page that loads its products), so its pager links go
   * to the prerendered pages.
   */
  run(next: SearchParams, asPrerendered?: boolean): Promise<void>;
  /**
   * The choices of a list whose cards came with the page: one small filter call (the panel
   * says 'Loading choices…' until it answers). A failure only leaves the panel without
   * choices; the cards on the page are unaffected.
   */
  loadChoices(next: SearchParams): void;
  /** Shows a state now, cancelling a list call (the prerendered page again after Back). */
  show(state: ListState): void;
  /** The loading cards, for work the list does not do itself (a `cat` redirect). */
  startLoading(): void;
  /** Cancels what is out (the island unmounting). */
  stop(): void;
}

/**
 * The state of one results list (spec storefront 2 and 7): the cards, loading, the filter
 * panel's choices, and the calls that fill them. `first` is what the page was rendered
 * with; a list without prerendered cards (/search.php, a later collection page) starts
 * loading, so the loading cards of the server's HTML hold the results' place and the page
 * does not move when they arrive.
 */
export function createResultsList(
  first: ListState,
  { isCollection, defaultLimit }: { isCollection: boolean; defaultLimit: number },
  deps: ResultsListDeps = browserDeps,
): ResultsList {
  const $list = map<ResultsListValue>({
    state: first,
    loading: first.kind !== 'loaded',
    info: undefined,
    choicesFailed: false,
  });
  let running: AbortController | null = null;
  let choosing: AbortController | null = null;

  const run = async (next: SearchParams, asPrerendered = false) => {
    running?.abort();
    choosing?.abort();
    const abort = new AbortController();
    running = abort;
    if (!shouldSearch(next)) {
      $list.set({ ...$list.get(), state: { kind: 'short' }, loading: false });
      setSearchLoading(false);
      return;
    }
    $list.setKey('loading', true);
    setSearchLoading(true);
    try {
      // A collection's prerendered pages are in title order; its list keeps that order as
      // its default so paging after a change never repeats or skips a product.
      const wire: SearchParams =
        isCollection && !next.sortBy ? { ...next, sortBy: 'title_asc' } : next;
      const reply = await trackLoading(deps.filter(wire, defaultLimit, abort.signal));
      if (abort.signal.aborted) return;
      $list.set({
        ...$list.get(),
        info: reply.pageInfo,
        choicesFailed: false,
        state: {
          kind: 'loaded',
          cards: reply.products,
          total: reply.pageInfo.totalObjects,
          pages: reply.pageInfo.totalPages,
          prerendered: asPrerendered,
        },
      });
    } catch (error) {
      if (abort.signal.aborted) return;
      $list.setKey('choicesFailed', true);
      const message = error instanceof Error ? error.message : String(error);
      const words = fallbackWords(next);
      if (error instanceof ApiUnreachableError && words) {
        try {
          const found = await deps.fallback(words, next.page, effectiveLimit(next, defaultLimit));
          if (abort.signal.aborted) return;
          $list.setKey('state', { kind: 'fallback', ...found });
          return;
        } catch (fallbackError) {
          console.error('[results] the search index failed too:', fallbackError);
        }
      }
      // spec storefront 8: search failures are a danger toast; filter failures on the
      // collection page are only logged.
      if (isCollection) console.error('[results] products/filter failed:', message);
      else showToast({ variant: 'danger', message });
      $list.setKey('state', { kind: 'error', message });
    } finally {
      if (running === abort) {
        $list.setKey('loading', false);
        setSearchLoading(false);
      }
    }
  };

  const loadChoices = (next: SearchParams) => {
    choosing?.abort();
    const abort = new AbortController();
    choosing = abort;
    deps.choices(next, abort.signal).then(
      (pageInfo) => {
        if (abort.signal.aborted) return;
        $list.set({ ...$list.get(), info: pageInfo, choicesFailed: false });
      },
      () => {
        if (!abort.signal.aborted) $list.setKey('choicesFailed', true);
      },
    );
  };

  return {
    $list,
    run,
    loadChoices,
    show: (state) => {
      running?.abort();
      $list.set({ ...$list.get(), state, loading: false });
    },
    startLoading: () => $list.setKey('loading', true),
    stop: () => {
      running?.abort();
      choosing?.abort();
    },
  };
}
