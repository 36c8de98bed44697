import { PAGE_SIZES, SORT_OPTIONS, type SearchChange } from '../../lib/search/search-params.ts';
import { setResultsView, type ResultsView } from '../../stores/search.ts';
import './controls.css';

/** The two ways to show the results, as the view buttons name and draw them. */
const VIEWS: readonly { value: ResultsView; label: string; glyph: string }[] = [
  { value: 'grid', label: 'Grid', glyph: '▦' },
  { value: 'list', label: 'List', glyph: '☰' },
];

interface Option {
  value: string | number;
  label: string | number;
}

/** The toolbar's selects: which search parameter each sets, its label and its choices. */
const SELECTS: readonly { kind: 'sortBy' | 'limit'; label: string; options: readonly Option[] }[] =
  [
    { kind: 'sortBy', label: 'Sort by', options: SORT_OPTIONS },
    {
      kind: 'limit',
      label: 'Per page',
      options: PAGE_SIZES.map((size) => ({ value: size, label: size })),
    },
  ];

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
      {SELECTS.map(({ kind, label, options }) => (
        <ToolbarSelect
          key={kind}
          label={label}
          value={kind === 'sortBy' ? sortBy : limit}
          options={options}
          onSelect={(value) => {
            onChange({ kind, value });
          }}
        />
      ))}
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
