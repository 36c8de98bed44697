import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pagedHref, collectionPath } from '../../lib/catalog/collection-page.ts';
import { pageRange } from '../../lib/catalog/pagination.ts';
import { compareTarget } from '../../lib/search/compare-selection.ts';
import {
  ApiUnreachableError,
  fetchChoices,
  fetchCollectionHandle,
  fetchFilter,
} from '../../lib/search/filter-api.ts';
import { takeEarlyFilter } from '../../lib/search/early-filter.ts';
import { filterGroups, resolvedTags } from '../../lib/search/filter-choices.ts';
import type { ApiCard, PageInfo } from '../../lib/search/filter-reply.ts';
import { productIndex } from '../../lib/search/pagefind-client.ts';
import {
  fallbackWords,
  searchFallback,
  type FallbackCard,
} from '../../lib/search/pagefind-fallback.ts';
import { apiCardStock, resultCardView, type ResultCardView } from '../../lib/search/result-card.ts';
import {
  applyChange,
  effectiveLimit,
  EMPTY_PARAMS,
  PAGE_SIZES,
  parseSearchParams,
  searchParamsToQuery,
  shouldSearch,
  SORT_OPTIONS,
  type SearchChange,
  type SearchParams,
} from '../../lib/search/search-params.ts';
import { cardAddDisabled } from '../../lib/product/quantity.ts';
import { $addToOrderPending } from '../../stores/add-to-order.ts';
import {
  $cart,
  $cartStillTrying,
  $cartUpdating,
  addToCartWithToast,
  quantityInCart,
} from '../../stores/cart.ts';
import { trackLoading } from '../../stores/loading.ts';
import {
  $compareSelection,
  $resultsView,
  setResultsView,
  setSearchLoading,
  toggleCompareProduct,
} from '../../stores/search.ts';
import { showToast } from '../../stores/toast.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { FallbackList } from './FallbackList.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { QuickView } from './QuickView.tsx';
import { ResultCard, SkeletonCard, type CardAdd } from './ResultCard.tsx';
import { ResultsPager } from './ResultsPager.tsx';
import './results-list.css';

/** spec storefront 2 and 9. */
export const EMPTY_RESULTS = 'No products match your search criteria, please try again.';
export const SKELETON_CARDS = 8;
/** Shown on /search.php while neither q nor v has 3 characters (spec storefront 5). */
export const TOO_SHORT = 'Enter at least 3 characters of a keyword or part number to search.';

export interface ResultsListSettings {
  currency: string;
  productBase: string;
  collectionBase: string;
  noImageUrl: string;
  cdnPrefix: string;
  /** The store's defaultLimitPerPage (spec storefront 9). */
  defaultLimit: number;
  /** Tag prefixes the filter panel leaves out (theme.filters.hiddenTagPrefixes). */
  hiddenTagPrefixes: readonly string[];
}

/**
 * The page a collection page is (one-based), with its prerendered products; a page past
 * PRODUCT_PAGES (src/lib/catalog/collection-page.ts) has none and loads them.
 */
export type InitialPage =
  | { page: number; cards: ApiCard[]; total: number; pages: number }
  | { page: number; cards?: undefined };

interface Props {
  settings: ResultsListSettings;
  /** The help article for asking experts when a part cannot be found (spec storefront 2). */
  helpHref: string;
  /** The source the comparison page is told about: 'Search' or 'Collection'. */
  source: string;
  /** Where the list lives: '/search.php', or a collection's own path. */
  basePath: string;
  /** A collection page's collection: the list is fixed to it. */
  collectionId?: number;
  initial?: InitialPage;
  /** How many of the first cards load their image eagerly. */
  eager?: number;
}

type ListState =
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

function ResultsList({
  settings,
  helpHref,
  source,
  basePath,
  collectionId,
  initial,
  eager = 0,
}: Props) {
  const isCollection = collectionId !== undefined;
  const fixed = isCollection ? { c: [collectionId] } : {};
  const prerenderedState = (): ListState =>
    initial?.cards
      ? {
          kind: 'loaded',
          cards: initial.cards,
          total: initial.total,
          pages: initial.pages,
          prerendered: true,
        }
      : { kind: 'idle' };
  const [params, setParams] = useState<SearchParams>({
    ...EMPTY_PARAMS,
    ...fixed,
    page: initial ? initial.page - 1 : 0,
  });
  const [state, setState] = useState<ListState>(prerenderedState);
  // A list that loads its products (/search.php, a later collection page) shows the loading
  // cards from the server's HTML on, so the results take their place without moving the
  // page (issue 13 item 20: /search.php's layout shift).
  const [loading, setLoading] = useState(!initial?.cards);
  const [hydrated, setHydrated] = useState(false);
  const [compareError, setCompareError] = useState('');
  const [quickView, setQuickView] = useState<ResultCardView | null>(null);
  // The filter panel's choices: from every filter reply, or fetched for a prerendered list.
  const [info, setInfo] = useState<PageInfo | undefined>(undefined);
  const [choicesFailed, setChoicesFailed] = useState(false);
  const storedView = useStore($resultsView);
  const selection = useStore($compareSelection);
  const cart = useStore($cart);
  const cartUpdating = useStore($cartUpdating);
  const addingToOrder = useStore($addToOrderPending);
  const stillTrying = useStore($cartStillTrying);
  const [adding, setAdding] = useState<ReadonlySet<number>>(new Set());
  const running = useRef<AbortController | null>(null);
  const choosing = useRef<AbortController | null>(null);
  const top = useRef<HTMLElement>(null);
  // The stored view applies after hydration, so the server's HTML hydrates unchanged.
  const view = hydrated ? storedView : 'grid';
  const limit = effectiveLimit(params, settings.defaultLimit);

  const urlFor = useCallback(
    (next: SearchParams) => {
      const query = searchParamsToQuery(next, isCollection ? ['c'] : []);
      return query ? `${basePath}?${query}` : basePath;
    },
    [basePath, isCollection],
  );

  /**
   * Loads the list `next` asks for. `asPrerendered`: it is the page's own list (a collection
   * page that loads its products), so its pager links go to the prerendered pages.
   */
  const run = useCallback(
    async (next: SearchParams, asPrerendered = false) => {
      running.current?.abort();
      choosing.current?.abort();
      const abort = new AbortController();
      running.current = abort;
      if (!shouldSearch(next)) {
        setState({ kind: 'short' });
        setLoading(false);
        setSearchLoading(false);
        return;
      }
      setLoading(true);
      setSearchLoading(true);
      try {
        // A collection's prerendered pages are in title order; its list keeps that order
        // as its default so paging after a change never repeats or skips a product.
        const wire: SearchParams =
          isCollection && !next.sortBy ? { ...next, sortBy: 'title_asc' } : next;
        const reply = await trackLoading(
          takeEarlyFilter(wire, settings.defaultLimit) ??
            fetchFilter(wire, settings.defaultLimit, abort.signal),
        );
        if (abort.signal.aborted) return;
        setInfo(reply.pageInfo);
        setChoicesFailed(false);
        setState({
          kind: 'loaded',
          cards: reply.products,
          total: reply.pageInfo.totalObjects,
          pages: reply.pageInfo.totalPages,
          prerendered: asPrerendered,
        });
      } catch (error) {
        if (abort.signal.aborted) return;
        setChoicesFailed(true);
        const message = error instanceof Error ? error.message : String(error);
        const words = fallbackWords(next);
        if (error instanceof ApiUnreachableError && words) {
          // DESIGN, Search: the static index answers while the API cannot be reached.
          try {
            const pagefind = await productIndex();
            const size = effectiveLimit(next, settings.defaultLimit);
            const found = await searchFallback(pagefind, words, next.page, size);
            if (abort.signal.aborted) return;
            setState({
              kind: 'fallback',
              cards: found.cards,
              total: found.total,
              pages: Math.max(1, Math.ceil(found.total / size)),
            });
            return;
          } catch (fallbackError) {
            console.error('[results] the search index failed too:', fallbackError);
          }
        }
        // spec storefront 8: search failures are a danger toast; filter failures on the
        // collection page are only logged.
        if (isCollection) console.error('[results] products/filter failed:', message);
        else showToast({ variant: 'danger', message });
        setState({ kind: 'error', message });
      } finally {
        if (running.current === abort) {
          setLoading(false);
          setSearchLoading(false);
        }
      }
    },
    [isCollection, settings.defaultLimit],
  );

  /**
   * The choices of a list whose cards came with the page: one small filter call (the panel
   * says 'Loading choices…' until it answers). A failure only leaves the panel without
   * choices; the cards on the page are unaffected.
   */
  const loadChoices = useCallback((next: SearchParams) => {
    choosing.current?.abort();
    const abort = new AbortController();
    choosing.current = abort;
    fetchChoices(next, abort.signal).then(
      (pageInfo) => {
        if (abort.signal.aborted) return;
        setInfo(pageInfo);
        setChoicesFailed(false);
      },
      () => {
        if (!abort.signal.aborted) setChoicesFailed(true);
      },
    );
  }, []);

  // Read the address once hydrated, and again on Back and Forward.
  useEffect(() => {
    setHydrated(true);
    const read = () => {
      const query = new URLSearchParams(window.location.search);
      const cat = query.get('cat')?.trim();
      if (!isCollection && cat) {
        // spec storefront 2: cat names a collection; go to its page, by handle.
        setLoading(true);
        const page = Number(query.get('page'));
        fetchCollectionHandle(cat)
          .then((handle) => {
            const path = collectionPath(settings.collectionBase, handle);
            window.location.replace(
              Number.isInteger(page) && page > 1 ? pagedHref(path, page) : path,
            );
          })
          .catch((error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            showToast({ variant: 'danger', message });
            setLoading(false);
            setState({ kind: 'error', message });
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
        void run(parsed, true);
      } else if (untouched) {
        running.current?.abort();
        setLoading(false);
        setState(prerenderedState());
        loadChoices(parsed);
      } else {
        void run(parsed);
      }
    };
    read();
    window.addEventListener('popstate', read);
    return () => {
      window.removeEventListener('popstate', read);
      running.current?.abort();
      choosing.current?.abort();
    };
    // Once per mount: the props of an island never change.
  }, []);

  /** Applies one change, or several as one step (Clear all, a price range). */
  const change = (what: SearchChange | readonly SearchChange[]) => {
    const changes: readonly SearchChange[] = Array.isArray(what) ? what : [what as SearchChange];
    const next = changes.reduce(applyChange, params);
    if (next === params) return;
    setParams(next);
    setCompareError('');
    window.history.pushState(null, '', urlFor(next));
    void run(next);
    if (changes.some((one) => one.kind === 'page')) top.current?.scrollIntoView({ block: 'start' });
  };

  const compare = () => {
    const target = compareTarget(
      selection,
      source,
      `${window.location.pathname}${window.location.search}`,
    );
    if ('error' in target) setCompareError(target.error);
    else window.location.assign(target.href);
  };

  const onCompare = (id: number) => {
    setCompareError(toggleCompareProduct(id) ?? '');
  };

  /** The add button of a card: spec storefront 4's card rule, 8's toasts. */
  const addFor = (card: ApiCard): CardAdd | null => {
    const stock = apiCardStock(card);
    if (!stock) return null;
    const remaining =
      stock.available === null
        ? Number.POSITIVE_INFINITY
        : stock.available - quantityInCart(cart, stock.levelId);
    const busy = adding.has(stock.levelId);
    return {
      forSale: stock.availableForSale,
      busy,
      stillTrying,
      // Disabled until hydrated: the server cannot know the cart.
      disabled:
        !hydrated ||
        busy ||
        cardAddDisabled({
          updating: cartUpdating,
          availableForSale: stock.availableForSale,
          remaining,
          addingToOrder,
        }),
      onAdd: () => {
        setAdding((now) => new Set(now).add(stock.levelId));
        void addToCartWithToast(stock.levelId, 1).finally(() => {
          setAdding((now) => {
            const next = new Set(now);
            next.delete(stock.levelId);
            return next;
          });
        });
      },
    };
  };

  const current = params.page + 1;
  const cardSettings = settings;
  const groups = filterGroups(info, params, {
    brands: true,
    hidden: settings.hiddenTagPrefixes,
  });

  let body;
  if (loading) {
    body = (
      <ul className={`rl-grid rl-${view}`} aria-busy="true" aria-label="Loading products">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index}>
            <SkeletonCard />
          </li>
        ))}
      </ul>
    );
  } else if (state.kind === 'short') {
    body = <p className="rl-message">{TOO_SHORT}</p>;
  } else if (state.kind === 'error') {
    body = (
      <p className="rl-error" role="alert">
        {state.message}
      </p>
    );
  } else if (state.kind === 'fallback') {
    body =
      state.cards.length > 0 ? (
        <FallbackList
          cards={state.cards}
          currency={settings.currency}
          noImageUrl={settings.noImageUrl}
        />
      ) : (
        <p className="rl-message">{EMPTY_RESULTS}</p>
      );
  } else if (state.kind === 'loaded') {
    body =
      state.cards.length > 0 ? (
        <ul className={`rl-grid rl-${view}`}>
          {state.cards.map((card, index) => (
            <li key={card.id}>
              <ResultCard
                card={resultCardView(card, cardSettings)}
                add={addFor(card)}
                selected={selection.includes(card.id)}
                onCompare={onCompare}
                onQuickView={setQuickView}
                eager={index < eager}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rl-message">{EMPTY_RESULTS}</p>
      );
  }

  const total = state.kind === 'loaded' || state.kind === 'fallback' ? state.total : 0;
  const pages = state.kind === 'loaded' || state.kind === 'fallback' ? state.pages : 0;
  const range = pageRange(current, limit, total);
  const prerendered = state.kind === 'loaded' && state.prerendered;

  return (
    <section
      className="rl"
      ref={top}
      aria-labelledby="rl-heading"
      aria-busy={loading}
      data-product-list
      data-collection-id={collectionId}
    >
      <div className="rl-head">
        <h2 id="rl-heading">{isCollection ? 'Products' : 'Results'}</h2>
        <p className="rl-count" aria-live="polite">
          {loading
            ? 'Searching…'
            : state.kind === 'loaded' || state.kind === 'fallback'
              ? `${total.toLocaleString('en-US')} ${total === 1 ? 'product' : 'products'}${
                  params.q ? ` found for “${params.q}”` : ''
                }`
              : ''}
        </p>
      </div>
      <div className="rl-toolbar">
        <div className="rl-view" role="group" aria-labelledby="rl-view-label">
          <span id="rl-view-label" className="rl-label">
            VIEW AS
          </span>
          <button
            type="button"
            aria-pressed={view === 'grid'}
            aria-label="Grid"
            onClick={() => {
              setResultsView('grid');
            }}
          >
            <span aria-hidden="true">▦</span>
          </button>
          <button
            type="button"
            aria-pressed={view === 'list'}
            aria-label="List"
            onClick={() => {
              setResultsView('list');
            }}
          >
            <span aria-hidden="true">☰</span>
          </button>
        </div>
        <label className="rl-select">
          <span className="rl-label">Sort by</span>
          <select
            value={params.sortBy}
            onChange={(event) => {
              change({ kind: 'sortBy', value: event.target.value });
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="rl-select">
          <span className="rl-label">Per page</span>
          <select
            value={limit}
            onChange={(event) => {
              change({ kind: 'limit', value: event.target.value });
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="rl-compare-button" onClick={compare}>
          Compare Selected{selection.length > 0 ? ` (${selection.length})` : ''}
        </button>
      </div>
      <p className="rl-compare-error" role="alert">
        {compareError}
      </p>
      <FilterPanel
        groups={groups}
        params={params}
        currency={settings.currency}
        maxPrice={info?.productMaxPrice ?? undefined}
        total={loading ? undefined : total}
        status={info ? 'ready' : choicesFailed ? 'failed' : 'loading'}
        onChange={change}
      />
      <ActiveFilters
        params={params}
        tags={resolvedTags(params, info)}
        currency={settings.currency}
        onChange={change}
      />
      <p className="rl-range">
        {!loading && total > 0
          ? `Showing ${range.first}-${range.last} of ${range.total}`
          : '\u00a0'}
      </p>
      {body}
      {!loading && (
        <ResultsPager
          current={current}
          total={pages}
          href={(page) =>
            prerendered ? pagedHref(basePath, page) : urlFor({ ...params, page: page - 1 })
          }
          onPage={
            prerendered
              ? undefined
              : (page) => {
                  change({ kind: 'page', value: page - 1 });
                }
          }
        />
      )}
      <p className="rl-help">
        Can&apos;t find the part you need? <a href={helpHref}>Ask our experts.</a>
      </p>
      <QuickView
        card={quickView}
        onClose={() => {
          setQuickView(null);
        }}
      />
    </section>
  );
}

export default withErrorBoundary(ResultsList);
