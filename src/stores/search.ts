import { persistentAtom } from '@nanostores/persistent';
import { atom, onMount } from 'nanostores';
import { toggleCompare } from '../lib/search/compare-selection.ts';

/** How the results list lays out its cards (spec storefront 2, VIEW AS). */
export type ResultsView = 'grid' | 'list';

/** spec storefront 2: the view is remembered in local storage under 'view'. */
export const VIEW_STORAGE_KEY = 'view';

/** The results list's layout, shared by every list on the page and kept across visits. */
export const $resultsView = persistentAtom<ResultsView>(VIEW_STORAGE_KEY, 'grid', {
  encode: (value) => value,
  // Anything else in storage (an old or hand-edited value) reads as the default.
  decode: (raw) => (raw === 'list' ? 'list' : 'grid'),
});

/** spec storefront 4: "Search: loading then loaded". True while the results list fetches. */
export const $searchLoading = atom(false);

/** The product ids ticked for comparison, in the order they were ticked. */
export const $compareSelection = atom<readonly number[]>([]);

// spec storefront 4: "Compare selection is cleared whenever the search loading flag
// changes". A side effect, so it lives in the store's lifecycle (STYLE).
onMount($compareSelection, () =>
  $searchLoading.listen(() => {
    $compareSelection.set([]);
  }),
);

export function setResultsView(view: ResultsView): void {
  $resultsView.set(view);
}

export function setSearchLoading(loading: boolean): void {
  if ($searchLoading.get() !== loading) $searchLoading.set(loading);
}

/**
 * Ticks or unticks a product for comparison. Returns the refusal message when a fifth
 * product is ticked (spec storefront 5), else undefined.
 */
export function toggleCompareProduct(id: number): string | undefined {
  const { selection, error } = toggleCompare($compareSelection.get(), id);
  $compareSelection.set(selection);
  return error;
}

export function clearCompareSelection(): void {
  $compareSelection.set([]);
}
