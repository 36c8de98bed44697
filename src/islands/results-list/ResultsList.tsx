import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { pagedHref, productCountText } from '../../lib/catalog/collection-page.ts';
import { pageRange } from '../../lib/catalog/pagination.ts';
import { compareTarget } from '../../lib/search/compare-selection.ts';
import { filterGroups, resolvedTags } from '../../lib/search/filter-choices.ts';
import { fitsChipLabel, isChosenMachine } from '../../lib/search/machine-filter.ts';
import type { ResultCardView } from '../../lib/search/result-card.ts';
import {
  applyChange,
  effectiveLimit,
  searchParamsToQuery,
  type SearchChange,
  type SearchParams,
} from '../../lib/search/search-params.ts';
import { $activeMachine, chooseFleetMachine } from '../../stores/fleet.ts';
import { createResultsList } from '../../stores/results-list.ts';
import { $compareSelection, $resultsView, toggleCompareProduct } from '../../stores/search.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { QuickView } from './QuickView.tsx';
import { ResultsBody } from './ResultsBody.tsx';
import { ResultsPager } from './ResultsPager.tsx';
import { ResultsToolbar } from './ResultsToolbar.tsx';
import { type InitialPage, prerenderedState, useAddressSearch } from './use-address-search.ts';
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
  /**
   * A model page's machine ('crown/pth50', issue 31, item 7): the list is fixed to its parts,
   * and the machine the shopper has chosen does not change it.
   */
  machine?: string;
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
  machine,
  initial,
  eager = 0,
}: Props) {
  const isCollection = collectionId !== undefined;
  const fixed: Partial<SearchParams> = isCollection
    ? { c: [collectionId] }
    : machine
      ? { fits: machine, serial: '' }
      : {};
  // The cards, loading and the filter panel's choices live in the list's store.
  const [list] = useState(() =>
    createResultsList(prerenderedState(initial), {
      isCollection,
      defaultLimit: settings.defaultLimit,
    }),
  );
  const { state, loading, info, choicesFailed } = useStore(list.$list);
  const [quickView, setQuickView] = useState<ResultCardView | null>(null);
  const storedView = useStore($resultsView);
  const [selection, compareError, setCompareError, compare, onCompare] = useCompare(source);
  const top = useRef<HTMLElement>(null);
  const chosen = useStore($activeMachine);
  // What the page's path says is no parameter: a collection page's `c`, a model page's `fits`.
  const urlFor = (next: SearchParams) =>
    searchHref(basePath, next, isCollection ? ['c'] : machine ? ['fits', 'serial'] : []);
  const [params, setParams, hydrated, current] = useAddressSearch(list, {
    initial,
    fixed,
    isCollection,
    collectionBase: settings.collectionBase,
    urlFor,
    // A machine chosen elsewhere is not a step of this list: see withChosenMachine.
    onMachine: (value) => {
      if (!machine) change({ kind: 'fits', value }, 'replace');
    },
  });
  // The stored view applies after hydration, so the server's HTML hydrates unchanged.
  const view = hydrated ? storedView : 'grid';
  const limit = effectiveLimit(params, settings.defaultLimit);

  /**
   * Applies one change, or several as one step (Clear all, a price range), to the search as
   * last set (a handler may apply two before React renders again); a new step in the
   * history unless `step` is 'replace'.
   */
  const change = (
    what: SearchChange | readonly SearchChange[],
    step: 'push' | 'replace' = 'push',
  ) => {
    const changes: readonly SearchChange[] = Array.isArray(what) ? what : [what as SearchChange];
    const before = current();
    const next = changes.reduce(applyChange, before);
    if (next === before) return;
    setParams(next);
    setCompareError('');
    if (step === 'push') window.history.pushState(null, '', urlFor(next));
    else window.history.replaceState(null, '', urlFor(next));
    void list.run(next);
    if (changes.some((one) => one.kind === 'page')) top.current?.scrollIntoView({ block: 'start' });
  };

  /**
   * The machine chip's remove (issue 31, item 8: "removable as a chip"): the list drops the
   * machine, and when it is the chosen one the fleet drops it too, or the list would
   * follow the store and put it back.
   */
  const removeMachine = () => {
    const wasChosen = isChosenMachine(current(), chosen);
    change({ kind: 'fits', value: { fits: '', serial: '' } });
    if (wasChosen) chooseFleetMachine(null);
  };

  const addFor = useCardAdd(hydrated, isChosenMachine(params, chosen) ? chosen : undefined);

  // A list that failed or is loading shows no counts.
  const shown = state.kind === 'loaded' || state.kind === 'fallback';
  const total = shown ? state.total : 0;
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
      {listHead(
        isCollection ? 'Products' : machine ? 'All parts' : 'Results',
        loading,
        shown && total,
        params.q,
      )}
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
        groups={filterGroups(info, params, { brands: true, hidden: settings.hiddenTagPrefixes })}
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
        machine={
          params.fits && !machine
            ? { label: fitsChipLabel(params, info?.machine, chosen), onRemove: removeMachine }
            : undefined
        }
        currency={settings.currency}
        onChange={change}
      />
      {rangeLine(params.page + 1, limit, loading ? 0 : total)}
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
        machine={info?.machine}
        machineIsYours={isChosenMachine(params, chosen)}
      />
      {!loading && (
        <ResultsPager
          current={params.page + 1}
          total={shown ? state.pages : 0}
          href={(page) =>
            prerendered ? pagedHref(basePath, page) : urlFor({ ...params, page: page - 1 })
          }
          onPage={prerendered ? undefined : (page) => change({ kind: 'page', value: page - 1 })}
        />
      )}
      <p className="rl-help">
        Can&apos;t find the part you need? <a href={helpHref}>Ask our experts.</a>
      </p>
      <QuickView card={quickView} onClose={() => setQuickView(null)} />
    </section>
  );
}

/**
 * The list's heading and its count (or 'Searching…'), read out as it changes; `total` is
 * false while there are no counts to show.
 */
function listHead(heading: string, loading: boolean, total: number | false, q: string) {
  return (
    <div className="rl-head">
      <h2 id="rl-heading">{heading}</h2>
      <p className="rl-count" aria-live="polite">
        {loading
          ? 'Searching…'
          : total === false
            ? ''
            : `${productCountText(total)}${q ? ` found for “${q}”` : ''}`}
      </p>
    </div>
  );
}

/** The address of a search on this list; a collection page's collection is its path. */
function searchHref(basePath: string, next: SearchParams, omit: readonly (keyof SearchParams)[]) {
  const query = searchParamsToQuery(next, omit);
  return query ? `${basePath}?${query}` : basePath;
}

/** 'Showing a-b of n' for the page in view, once there are products to show. */
function rangeLine(page: number, limit: number, total: number) {
  const range = pageRange(page, limit, total);
  return (
    <p className="rl-range">
      {total > 0 ? `Showing ${range.first}-${range.last} of ${range.total}` : '\u00a0'}
    </p>
  );
}

/**
 * The products picked for comparison (spec storefront 4), and going to the comparison page:
 * returns the picks, the error that stops a comparison, its setter, compare and toggle.
 */
function useCompare(source: string) {
  const selection = useStore($compareSelection);
  const [compareError, setCompareError] = useState('');
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
  return [selection, compareError, setCompareError, compare, onCompare] as const;
}

export default withErrorBoundary(ResultsList);
