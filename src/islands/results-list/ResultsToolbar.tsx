import { PAGE_SIZES, SORT_OPTIONS, type SearchChange } from '../../lib/search/search-params.ts';
import { setResultsView, type ResultsView } from '../../stores/search.ts';
import './controls.css';

interface Props {
  view: ResultsView;
  sortBy: string;
  limit: number;
  /** How many products are ticked for comparison. */
  selected: number;
  onChange: (change: SearchChange) => void;
  onCompare: () => void;
}

/** The bar above the results (spec storefront 2): view as grid or list, sort, page size, compare. */
export function ResultsToolbar({ view, sortBy, limit, selected, onChange, onCompare }: Props) {
  return (
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
          value={sortBy}
          onChange={(event) => {
            onChange({ kind: 'sortBy', value: event.target.value });
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
            onChange({ kind: 'limit', value: event.target.value });
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="rl-compare-button" onClick={onCompare}>
        Compare Selected{selected > 0 ? ` (${String(selected)})` : ''}
      </button>
    </div>
  );
}
