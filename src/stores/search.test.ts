import { cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { TOO_MANY_TO_COMPARE } from '../lib/search/compare-selection.ts';
import {
  $compareSelection,
  $resultsView,
  $searchLoading,
  clearCompareSelection,
  setResultsView,
  setSearchLoading,
  toggleCompareProduct,
} from './search.ts';

afterEach(() => {
  clearCompareSelection();
  setSearchLoading(false);
  cleanStores($compareSelection, $searchLoading, $resultsView);
});

describe('$compareSelection', () => {
  it('ticks up to four products and refuses a fifth', () => {
    keepMount($compareSelection);
    for (const id of [1, 2, 3, 4]) expect(toggleCompareProduct(id)).toBeUndefined();
    expect(toggleCompareProduct(5)).toBe(TOO_MANY_TO_COMPARE);
    expect($compareSelection.get()).toEqual([1, 2, 3, 4]);
    toggleCompareProduct(2);
    expect($compareSelection.get()).toEqual([1, 3, 4]);
  });
  it('is cleared whenever the loading flag changes', () => {
    keepMount($compareSelection);
    toggleCompareProduct(1);
    toggleCompareProduct(2);
    setSearchLoading(true);
    expect($compareSelection.get()).toEqual([]);
    toggleCompareProduct(3);
    setSearchLoading(true); // no change, nothing cleared
    expect($compareSelection.get()).toEqual([3]);
    setSearchLoading(false);
    expect($compareSelection.get()).toEqual([]);
  });
});

describe('$resultsView', () => {
  it("is kept in local storage under 'view'", () => {
    keepMount($resultsView);
    expect($resultsView.get()).toBe('grid');
    setResultsView('list');
    expect($resultsView.get()).toBe('list');
  });
});
