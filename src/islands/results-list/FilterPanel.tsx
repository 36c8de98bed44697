import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { formatPrice } from '../../../shared/format/price.ts';
import {
  CLEAR_ALL,
  clearGroup,
  hasFilters,
  priceRangeChanges,
  toggleChoice,
  type FilterGroup,
} from '../../lib/search/filter-choices.ts';
import type { SearchChange, SearchParams } from '../../lib/search/search-params.ts';
import '../shared/ink-button.css';
import '../shared/link-button.css';
import '../shared/side-drawer.css';
import './controls.css';
import './filter-panel.css';

/**
 * Tag groups shown as buttons in the desktop bar after Brand and Price, so the bar stays one
 * row beside the sidebar; every group is in the Filters drawer.
 */
export const BAR_TAG_GROUPS = 3;
/** A list longer than this gets a box to find a choice by name. */
export const FIND_FROM = 12;

interface Props {
  groups: FilterGroup[];
  params: SearchParams;
  currency: string;
  /** The matching set's highest price, once the choices are loaded. */
  maxPrice: number | undefined;
  /** Products matching now; undefined while loading. */
  total: number | undefined;
  /** 'loading' until the first filter reply, 'failed' when it could not be read. */
  status: 'loading' | 'ready' | 'failed';
  onChange: (changes: SearchChange | readonly SearchChange[]) => void;
}

/**
 * The filter panel: on a desktop, a bar of group buttons (Brand, the
 * busiest tag prefixes, Price), each opening its list below it, and a Filters button for
 * the drawer with every group; on a phone, the Filters button alone. A choice applies at
 * once; the address holds the state (v, t, minPrice, maxPrice).
 */
export function FilterPanel({
  groups,
  params,
  currency,
  maxPrice,
  total,
  status,
  onChange,
}: Props) {
  const [open, setOpen] = useState<string | null>(null);
  const bar = useRef<HTMLUListElement>(null);
  useClosingList(open, setOpen, bar);
  const drawer = useRef<HTMLDialogElement>(null);
  const id = useId();
  const inForce = params.v.length + params.t.length + (hasPrice(params) ? 1 : 0);

  const body = (group: FilterGroup) => (
    <ChoiceList
      group={group}
      status={status}
      onToggle={(value) => onChange(toggleChoice(params, group, value))}
      onClear={() => onChange(clearGroup(params, group))}
    />
  );
  const price = (
    <PriceRange params={params} currency={currency} maxPrice={maxPrice} onChange={onChange} />
  );
  const brand = groups.find((group) => group.prefix === undefined);
  const tags = groups.filter((group) => group.prefix !== undefined);
  // A bar button and, while it is open, its list below it.
  const barItem = (key: string, label: string, selected: number, list: ReactNode) => (
    <li key={key}>
      <button
        type="button"
        className="fp-button"
        data-group={key}
        aria-expanded={open === key}
        aria-controls={`${id}-${key}`}
        onClick={() => {
          setOpen((now) => (now === key ? null : key));
        }}
      >
        {label}
        {selected > 0 && <span className="fp-badge">{selected}</span>}
        <span aria-hidden="true" className="fp-caret">
          ▾
        </span>
      </button>
      {open === key && (
        <div className="fp-popover" id={`${id}-${key}`}>
          {list}
        </div>
      )}
    </li>
  );
  const groupItem = (group: FilterGroup) =>
    barItem(group.key, group.label, group.selected, body(group));

  return (
    <div className="fp">
      <button
        type="button"
        className="fp-button fp-open"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(null);
          drawer.current?.showModal();
        }}
      >
        <span aria-hidden="true">☰</span> Filters
        {inForce > 0 && <span className="fp-badge">{inForce}</span>}
      </button>
      <ul className="fp-bar" ref={bar} aria-label="Filter by">
        {brand && groupItem(brand)}
        {barItem('price', 'Price', hasPrice(params) ? 1 : 0, price)}
        {tags.slice(0, BAR_TAG_GROUPS).map(groupItem)}
      </ul>
      {filterDrawer(id, drawer, groups, body, price, params, total, onChange)}
    </div>
  );
}

/**
 * Closes the bar's open list (a group's key, 'price', or null) on a click outside the bar and
 * on Escape, which gives focus back to the list's button.
 */
function useClosingList(
  open: string | null,
  setOpen: (open: null) => void,
  bar: RefObject<HTMLUListElement | null>,
) {
  useEffect(() => {
    if (open === null) return;
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !bar.current?.contains(event.target)) setOpen(null);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      bar.current?.querySelector<HTMLButtonElement>(`[data-group="${CSS.escape(open)}"]`)?.focus();
      setOpen(null);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
    // setOpen and the bar's ref are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}

/**
 * The Filters drawer: every group and the price range, Clear all, and a button that closes
 * it and names how many products match. A plain function, not a component: a props object
 * would cost the page bytes for the same markup.
 */
function filterDrawer(
  id: string,
  drawer: RefObject<HTMLDialogElement | null>,
  groups: FilterGroup[],
  body: (group: FilterGroup) => ReactNode,
  price: ReactNode,
  params: SearchParams,
  total: number | undefined,
  onChange: Props['onChange'],
) {
  return (
    <dialog
      className="side-drawer fp-drawer"
      ref={drawer}
      aria-labelledby={`${id}-title`}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside its content) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="fp-drawer-head">
        <h2 id={`${id}-title`}>Filters</h2>
        <button
          type="button"
          className="fp-close"
          aria-label="Close filters"
          onClick={() => drawer.current?.close()}
        >
          ×
        </button>
      </div>
      <div className="fp-drawer-body">
        {groups.map((group) => (
          <section key={group.key} aria-label={group.label}>
            <h3>{group.label}</h3>
            {body(group)}
          </section>
        ))}
        <section aria-label="Price">
          <h3>Price</h3>
          {price}
        </section>
      </div>
      <div className="fp-drawer-foot">
        <button
          type="button"
          className="fp-clear"
          disabled={!hasFilters(params)}
          onClick={() => {
            onChange(CLEAR_ALL);
          }}
        >
          Clear all
        </button>
        <button
          type="button"
          className="ink-button fp-show"
          onClick={() => drawer.current?.close()}
        >
          {total === undefined
            ? 'Show products'
            : `Show ${total.toLocaleString('en-US')} ${total === 1 ? 'product' : 'products'}`}
        </button>
      </div>
    </dialog>
  );
}

const hasPrice = (params: SearchParams) =>
  params.minPrice !== undefined || params.maxPrice !== undefined;

interface ChoiceListProps {
  group: FilterGroup;
  status: Props['status'];
  onToggle: (value: string) => void;
  onClear: () => void;
}

/** One group's choices: a checkbox each, with the number of products it would show. */
function ChoiceList({ group, status, onToggle, onClear }: ChoiceListProps) {
  const [find, setFind] = useState('');
  if (group.options.length === 0) {
    const text =
      status === 'loading'
        ? 'Loading choices…'
        : status === 'failed'
          ? 'The choices could not be loaded.'
          : 'No choices for these products.';
    return <p className="fp-note">{text}</p>;
  }
  const words = find.trim().toLowerCase();
  const shown = words
    ? group.options.filter((option) => option.checked || option.value.toLowerCase().includes(words))
    : group.options;
  return (
    <div className="fp-choices">
      {group.options.length > FIND_FROM && (
        <input
          type="search"
          className="fp-find"
          placeholder={`Find a ${group.label.toLowerCase()}`}
          aria-label={`Find a ${group.label.toLowerCase()}`}
          value={find}
          onChange={(event) => {
            setFind(event.target.value);
          }}
        />
      )}
      <ul aria-label={group.label}>
        {shown.map((option) => (
          <li key={option.value}>
            <label>
              <input
                type="checkbox"
                checked={option.checked}
                // A choice that would show nothing cannot be picked; one in force can be dropped.
                disabled={option.count === 0 && !option.checked}
                onChange={() => {
                  onToggle(option.value);
                }}
              />
              <span className="fp-value">{option.value}</span>
              <span className="fp-count">
                {option.count.toLocaleString('en-US')}
                <span className="visually-hidden"> products</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {group.selected > 0 && (
        <button type="button" className="link-button fp-link" onClick={onClear}>
          Clear {group.label.toLowerCase()}
        </button>
      )}
    </div>
  );
}

interface PriceRangeProps {
  params: SearchParams;
  currency: string;
  maxPrice: number | undefined;
  onChange: Props['onChange'];
}

/** The price range: lowest and highest price, applied together. */
function PriceRange({ params, currency, maxPrice, onChange }: PriceRangeProps) {
  const shown = (value: number | undefined) => (value === undefined ? '' : String(value));
  const [min, setMin] = useState(shown(params.minPrice));
  const [max, setMax] = useState(shown(params.maxPrice));
  const [error, setError] = useState('');
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  // The fields follow the address (a chip removed, Back pressed).
  useEffect(() => {
    setMin(shown(params.minPrice));
    setMax(shown(params.maxPrice));
    setError('');
  }, [params.minPrice, params.maxPrice]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = priceRangeChanges(min, max);
    if ('error' in result) setError(result.error);
    else {
      setError('');
      onChange(result.changes);
    }
  };
  return (
    <form className="fp-price" onSubmit={submit} noValidate>
      {priceInput('Lowest', formatPrice(0, currency), min, errorId, setMin)}
      {priceInput(
        'Highest',
        maxPrice ? formatPrice(Math.ceil(maxPrice), currency) : 'Any',
        max,
        errorId,
        setMax,
      )}
      <button type="submit" className="ink-button fp-apply">
        Apply
      </button>
      <p className="fp-error field-error" id={`${id}-error`} role="alert">
        {error}
      </p>
    </form>
  );
}

/**
 * One bound of the price form; `errorId` names the form's error while there is one. A plain
 * function, as the drawer is: a component's props object costs the page bytes.
 */
function priceInput(
  label: string,
  placeholder: string,
  value: string,
  errorId: string | undefined,
  onValue: (value: string) => void,
) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        inputMode="decimal"
        placeholder={placeholder}
        value={value}
        aria-describedby={errorId}
        aria-invalid={errorId !== undefined}
        onChange={(event) => {
          onValue(event.target.value);
        }}
      />
    </label>
  );
}
