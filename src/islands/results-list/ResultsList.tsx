import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pagedHref, productCountText } from '../../lib/catalog/collection-page.ts';
import { collectionPath } from '../../lib/routing/paths.ts';
import { pageRange } from '../../lib/catalog/pagination.ts';
import { compareTarget } from '../../lib/search/compare-selection.ts';
import { fetchCollectionHandle } from '../../lib/search/filter-api.ts';
import { filterGroups, resolvedTags } from '../../lib/search/filter-choices.ts';
import type { ApiCard } from '../../lib/search/filter-reply.ts';
import type { ResultCardView } from '../../lib/search/result-card.ts';
import {
  applyChange,
  effectiveLimit,
  EMPTY_PARAMS,
  parseSearchParams,
  searchParamsToQuery,
  type SearchChange,
  type SearchParams,
} from '../../lib/search/search-params.ts';
import { createResultsList, type ListState } from '../../stores/results-list.ts';
import { $compareSelection, $resultsView, toggleCompareProduct } from '../../stores/search.ts';
import { showToast } from '../../stores/toast.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { QuickView } from './QuickView.tsx';
import { ResultsBody } from './ResultsBody.tsx';
import { ResultsPager } from './ResultsPager.tsx';
import { ResultsToolbar } from './ResultsToolbar.tsx';
import { useCardAdd } from './use-card-add.ts';
import './list-layout.css';
import './results-list.css';

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
  // The cards, loading and the filter panel's choices live in the list's store.
  const [list] = useState(() =>
    createResultsList(prerenderedState(), {
      isCollection,
      defaultLimit: settings.defaultLimit,
    }),
  );
  const { state, loading, info, choicesFailed } = useStore(list.$list);
  const [hydrated, setHydrated] = useState(false);
  const [compareError, setCompareError] = useState('');
  const [quickView, setQuickView] = useState<ResultCardView | null>(null);
  const storedView = useStore($resultsView);
  const selection = useStore($compareSelection);
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

  // Read the address once hydrated, and again on Back and Forward.
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
            const path = collectionPath(settings.collectionBase, handle);
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
        list.show(prerenderedState());
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Applies one change, or several as one step (Clear all, a price range). */
  const change = (what: SearchChange | readonly SearchChange[]) => {
    const changes: readonly SearchChange[] = Array.isArray(what) ? what : [what as SearchChange];
    const next = changes.reduce(applyChange, params);
    if (next === params) return;
    setParams(next);
    setCompareError('');
    window.history.pushState(null, '', urlFor(next));
    void list.run(next);
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

  const addFor = useCardAdd(hydrated);

  const current = params.page + 1;
  const groups = filterGroups(info, params, {
    brands: true,
    hidden: settings.hiddenTagPrefixes,
  });

  const total = state.kind === 'loaded' || state.kind === 'fallback' ? state.total : 0;
  const pages = state.kind === 'loaded' || state.kind === 'fallback' ? state.pages : 0;
  const range = pageRange(current, limit, total);
  const count =
    state.kind === 'loaded' || state.kind === 'fallback'
      ? `${productCountText(total)}${params.q ? ` found for “${params.q}”` : ''}`
      : '';
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
          {loading ? 'Searching…' : count}
        </p>
      </div>
      <ResultsToolbar
        view={view}
        sortBy={params.sortBy}
        limit={limit}
        selected={selection.length}
        onChange={change}
        onCompare={compare}
      />
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
      <ResultsBody
        loading={loading}
        state={state}
        view={view}
        settings={settings}
        eager={eager}
        addFor={addFor}
        selection={selection}
        onCompare={onCompare}
        onQuickView={setQuickView}
      />
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
