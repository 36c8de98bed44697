import {
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type ActionDispatch,
  type KeyboardEvent,
  type RefObject,
  type SubmitEvent,
} from 'react';
import { CALL_FOR_PRICE, soldOnline } from '../../../shared/call-for-price.ts';
import { machineHits } from '../../lib/search/machine-suggest.ts';
import { applyPriceSuggestion, priceSuggestions } from '../../lib/search/price-phrase.ts';
import {
  ALL_CATEGORIES,
  NO_RESULTS,
  PRICE_SUGGESTION_DELAY_MS,
  canSearch,
  debounceFor,
  dropdownView,
  initialSearchBoxState,
  isResultsPage,
  hasResultsFor,
  previewPrices,
  searchBoxReducer,
  searchScope,
  searchTerm,
  searchUrl,
  targetFromUrl,
  type DropdownOption,
  type SearchBoxAction,
  type SearchBoxState,
  type SearchHit,
  type SearchTarget,
} from '../../lib/search/search-box.ts';
import { partInclude } from '../../lib/shell/shell-parts.ts';
import { showToast } from '../../stores/toast.ts';
import { withErrorBoundary } from '../shared/index.ts';
import './SearchBox.css';

export interface SearchBoxProps {
  /**
   * 'All Categories' plus these: the top-level categories (spec storefront 2). A built page
   * leaves them out: its picker holds the shell part of the same options, which the web server
   * fills in (src/lib/shell/shell-parts.ts), so a renamed category re-renders no page.
   */
  categories?: { id: number; title: string }[] | undefined;
  /** The machine pages' base (theme.paths.machineBase): the Machines group links there. */
  machineBase: string;
}

// One per page: each index file is read once. The reader loads on the box's first focus (or
// first search), not with the page: most pages are left without a search, and the product
// page's islands stay within their budget while the quick order shares the reader.
let suggestReader: Promise<SuggestReader> | undefined;
interface SuggestReader {
  index: import('../../lib/search/suggest-client.ts').SuggestIndex;
  search: typeof import('../../lib/search/suggest-client.ts').dropdownSearch;
}
function suggestions(): Promise<SuggestReader> {
  suggestReader ??= import('../../lib/search/suggest-client.ts').then(
    (module) => ({ index: new module.SuggestIndex(), search: module.dropdownSearch }),
    (error: unknown) => {
      // A module that did not load (offline, a publish since) is tried again next time.
      suggestReader = undefined;
      throw error;
    },
  );
  return suggestReader;
}

function navigate(url: string) {
  window.location.assign(url);
}

type Bounds = Pick<SearchTarget, 'minPrice' | 'maxPrice'>;
type Dispatch = ActionDispatch<[action: SearchBoxAction]>;

/**
 * The header's search box (spec storefront 2, 4, 5, 9): a plain GET form to /search.php
 * that works before hydration, and after it a combobox whose dropdown reads the static
 * suggestion index (src/lib/search/suggest-format.ts; no API call per key) with groups Categories and Products and price badges,
 * and above them the machine models the text names (one lookup, for a text with a digit).
 */
function SearchBox({ categories, machineBase }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const [category, setCategory] = useState('');
  const [bounds, setBounds] = useState<Bounds>({});
  const [state, dispatch] = useReducer(searchBoxReducer, '', initialSearchBoxState);
  const view = dropdownView(state);
  const active = state.active >= 0 ? view.options[state.active] : undefined;

  useRestoredSearch(categories, selectRef, inputRef, setCategory, setBounds, dispatch);
  useDropdown(state, category, bounds, rootRef, dispatch, machineBase);

  const choose = (option: DropdownOption) => {
    dispatch({ type: 'close' });
    if (option.kind === 'price') {
      const accepted = applyPriceSuggestion(state.query, option.phrase, bounds);
      const url = searchUrl({ ...accepted, c: category }, true);
      if (url) navigate(url);
      return;
    }
    navigate(option.hit.url);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the box shows, as the plain form would send it: a tap on Search just after
    // hydration comes before useRestoredSearch has given the state what was typed or picked
    // before, and the state's empty text sent nothing.
    const q = inputRef.current?.value ?? state.query;
    const c = selectRef.current?.value ?? category;
    const url = searchUrl({ q, c, ...bounds });
    if (url) navigate(url);
    else inputRef.current?.reportValidity();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        dispatch({ type: 'move', by: event.key === 'ArrowDown' ? 1 : -1 });
        break;
      case 'Enter':
        if (active) {
          event.preventDefault();
          choose(active);
        }
        break;
      case 'Escape':
        if (state.open) {
          event.preventDefault();
          dispatch({ type: 'close' });
        }
        break;
      case 'Tab':
        dispatch({ type: 'close' });
        break;
    }
  };

  return (
    <form
      ref={rootRef}
      className="search-box"
      action="/search.php"
      method="get"
      role="search"
      data-search-box
      onSubmit={submit}
    >
      <label className="visually-hidden" htmlFor={`${id}-c`}>
        Category
      </label>
      {categoryPicker(id, selectRef, categories, category, setCategory)}
      <div className="search-field">
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          Keyword or part number
        </label>
        <input
          ref={inputRef}
          id={`${id}-q`}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={view.expanded}
          aria-controls={listId}
          aria-activedescendant={active ? `${id}-${active.id}` : undefined}
          placeholder="Enter Keyword or Part Number..."
          required
          pattern=".*\S.*"
          title="Enter a keyword or part number."
          autoComplete="off"
          value={state.query}
          onChange={(event) => dispatch({ type: 'input', query: event.target.value })}
          onFocus={() => {
            warm();
            dispatch({ type: 'focus' });
          }}
          onKeyDown={onKeyDown}
        />
        {/* tabIndex -1: a scrolling region must be focusable (axe); options are reached
            with the arrow keys from the input, so it is no Tab stop of its own. */}
        <div className="search-dropdown" hidden={!view.visible} tabIndex={-1}>
          <div id={listId} role="listbox" aria-label="Search suggestions" hidden={!view.expanded}>
            {suggestionGroup('price', 'Price filter', id, view.options, active, choose)}
            {suggestionGroup('machine', 'Machines', id, view.options, active, choose)}
            {suggestionGroup('category', 'Categories', id, view.options, active, choose)}
            {suggestionGroup('product', 'Products', id, view.options, active, choose)}
          </div>
          <p className="search-empty" role="status">
            {view.empty ? NO_RESULTS : ''}
          </p>
        </div>
      </div>
      {submitButton}
    </form>
  );
}

/**
 * Starts where the shopper left off on the results page, and keeps what was typed (or the
 * category picked) before the island hydrated.
 */
function useRestoredSearch(
  categories: SearchBoxProps['categories'],
  selectRef: RefObject<HTMLSelectElement | null>,
  inputRef: RefObject<HTMLInputElement | null>,
  setCategory: (category: string) => void,
  setBounds: (bounds: Bounds) => void,
  dispatch: Dispatch,
) {
  useEffect(() => {
    const fromUrl = targetFromUrl(window.location.search);
    const onResults = isResultsPage(window.location.pathname);
    // The picker's own options: the part's, or those rendered from `categories`.
    const options = [...(selectRef.current?.options ?? [])];
    const known = (value: string) =>
      value !== '' && options.some((option) => option.value === value);
    // Hydration leaves the picker as the shopper set it; the state follows.
    const picked = selectRef.current?.value ?? '';
    if (known(picked)) setCategory(picked);
    else if (onResults) setCategory(known(fromUrl.c) ? fromUrl.c : '');
    if (onResults) setBounds({ minPrice: fromUrl.minPrice, maxPrice: fromUrl.maxPrice });
    const typed = inputRef.current?.value ?? '';
    const query = typed || (onResults ? fromUrl.q : '');
    if (query) dispatch({ type: 'restore', query });
    // The box may already have focus if the shopper clicked it before hydration.
    if (document.activeElement === inputRef.current && typed) dispatch({ type: 'focus' });
    // The refs, setters and dispatch are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [categories]);
}

/**
 * The dropdown's contents and closing: the index searched as the shopper types, price badges
 * read from the text, and a click outside the box closing it (spec storefront 4 and 9).
 */
function useDropdown(
  state: SearchBoxState,
  category: string,
  bounds: Bounds,
  rootRef: RefObject<HTMLFormElement | null>,
  dispatch: Dispatch,
  machineBase: string,
) {
  // Debounced search of the index (spec storefront 4: 600 ms, 400 ms on the results page).
  // Only while the dropdown is open: a results page opening with its q in the box does not
  // download the index for a shopper who never touches the box.
  const term = searchTerm(state.query);
  const prices = previewPrices(state.query, bounds);
  const scope = searchScope(category, prices);
  const searched = hasResultsFor(state, term, scope);
  useEffect(() => {
    if (!state.open || !canSearch(term) || searched) return;
    let current = true;
    const timer = setTimeout(() => {
      dispatch({ type: 'searching', term });
      Promise.all([
        suggestions().then(({ index, search }) => search(index, term, category, prices)),
        machineHits(term, machineBase),
      ]).then(
        ([found, machines]) =>
          current && dispatch({ type: 'results', term, scope, machines, ...found }),
        (error: unknown) => {
          if (!current) return;
          dispatch({ type: 'failed', term });
          // spec storefront 8: search failures are a danger toast with the message.
          const message = error instanceof Error ? error.message : String(error);
          showToast({ variant: 'danger', message: `Search is unavailable: ${message}` });
        },
      );
    }, debounceFor(window.location.pathname));
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The scope holds the category and the prices: a new one searches again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term, scope, state.open, searched]);

  // Price badges read from the text 600 ms after typing (spec storefront 4 and 9).
  useEffect(() => {
    const query = state.query;
    const timer = setTimeout(
      () => dispatch({ type: 'suggestions', query, phrases: priceSuggestions(query, bounds) }),
      PRICE_SUGGESTION_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [state.query, bounds, dispatch]);

  // Closes on a click outside the box (spec storefront 4).
  useEffect(() => {
    if (!state.open) return;
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) dispatch({ type: 'close' });
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [state.open, rootRef, dispatch]);
}

/**
 * The category picker: on phones an icon (SearchBox.css) whose label and chosen option
 * still name it in full.
 *
 * A plain function rather than a component: the search box is on every page, and a props
 * object would cost each page bytes for the same markup.
 */
function categoryPicker(
  id: string,
  selectRef: RefObject<HTMLSelectElement | null>,
  categories: SearchBoxProps['categories'],
  category: string,
  setCategory: (category: string) => void,
) {
  return (
    <span className="search-category">
      <select
        ref={selectRef}
        id={`${id}-c`}
        name="c"
        value={category}
        onChange={(event) => setCategory(event.target.value)}
        {...(categories
          ? {
              children: [
                <option key="" value="">
                  {ALL_CATEGORIES}
                </option>,
                ...categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.title}
                  </option>
                )),
              ],
            }
          : { dangerouslySetInnerHTML: { __html: partInclude('search-categories') } })}
      />
      <svg className="search-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path d="M3 5h18M6 12h12M10 19h4" />
      </svg>
    </span>
  );
}

/** The first focus loads the index's manifest ahead of the first query. */
function warm() {
  suggestions()
    .then(({ index }) => index.manifest())
    .catch(() => {
      /* reported by the search that needs it */
    });
}

// The markup's parts are plain functions with their arguments in order rather than
// components with props: the search box is on every page, and a component's props object
// costs each page bytes (gzipped) for no change in what renders.

/** One group of the dropdown (price badges, categories or products); none when it is empty. */
function suggestionGroup(
  kind: DropdownOption['kind'],
  heading: string,
  id: string,
  all: DropdownOption[],
  active: DropdownOption | undefined,
  choose: (option: DropdownOption) => void,
) {
  const options = all.filter((option) => option.kind === kind);
  if (options.length === 0) return null;
  return (
    <div role="group" aria-labelledby={`${id}-${kind}`} className={`search-group-${kind}`}>
      <div className="search-group-heading" id={`${id}-${kind}`}>
        {heading}
      </div>
      {options.map((option) => (
        <div
          key={option.id}
          id={`${id}-${option.id}`}
          role="option"
          aria-selected={option === active}
          className={option.kind === 'price' ? 'search-badge' : 'search-option'}
          onPointerDown={(event) => event.preventDefault()}
          onClick={() => choose(option)}
        >
          {option.kind === 'product' ? productRow(option.hit) : option.label}
        </div>
      ))}
    </div>
  );
}

const submitButton = (
  <button type="submit">
    <svg className="search-icon" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </svg>
    <span className="phone-hidden">Search</span>
  </button>
);

function productRow(hit: SearchHit) {
  // A price of 0 reads as everywhere else (call-for-price.ts), under the title: never $0.00.
  const priced = hit.price ? soldOnline(Number(hit.price)) : null;
  return (
    <>
      {hit.image ? (
        <img src={hit.image} alt="" width="40" height="40" loading="lazy" />
      ) : (
        <span className="search-noimage" aria-hidden="true" />
      )}
      <span className="search-product-text">
        <span className="search-product-title">{hit.title}</span>
        {hit.partNumber ? <span className="search-product-meta">#{hit.partNumber}</span> : null}
        {priced === false ? <span className="search-product-meta">{CALL_FOR_PRICE}</span> : null}
      </span>
      {priced ? <span className="search-product-price">${hit.price}</span> : null}
    </>
  );
}

export default withErrorBoundary(SearchBox);
