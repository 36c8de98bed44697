import { PAGE_SIZES, SORT_OPTIONS, type SearchChange } from '../../lib/search/search-params.ts';
import { setResultsView, type ResultsView } from '../../stores/search.ts';
import './controls.css';

const VIEWS: readonly { value: ResultsView; label: string; glyph: string }[] = [
  { value: 'grid', label: 'Grid', glyph: '▦' },
  { value: 'list', label: 'List', glyph: '☰' },
];

interface Option {
  value: string | number;
  label: string | number;
}

const PAGE_SIZE_OPTIONS: readonly Option[] = PAGE_SIZES.map((size) => ({
  value: size,
  label: size,
}));

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
        {VIEWS.map(({ value, label, glyph }) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            aria-label={label}
            onClick={() => {
              setResultsView(value);
            }}
          >
            <span aria-hidden="true">{glyph}</span>
          </button>
        ))}
      </div>
      <ToolbarSelect
        label="Sort by"
        value={sortBy}
        options={SORT_OPTIONS}
        onSelect={(value) => {
          onChange({ kind: 'sortBy', value });
        }}
      />
      <ToolbarSelect
        label="Per page"
        value={limit}
        options={PAGE_SIZE_OPTIONS}
        onSelect={(value) => {
          onChange({ kind: 'limit', value });
        }}
      />
      <button type="button" className="rl-compare-button" onClick={onCompare}>
        Compare Selected{selected > 0 ? ` (${String(selected)})` : ''}
      </button>
    </div>
  );
}

/** A labelled select of the toolbar; hands on the chosen option's value as the select has it. */
function ToolbarSelect({
  label,
  value,
  options,
  onSelect,
}: {
  label: string;
  value: string | number;
  options: readonly Option[];
  onSelect: (value: string) => void;
}) {
  return (
    <label className="rl-select">
      <span className="rl-label">{label}</span>
      <select
        value={value}
        onChange={(event) => {
          onSelect(event.target.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
