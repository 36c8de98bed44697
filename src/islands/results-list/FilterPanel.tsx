import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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
  const drawer = useRef<HTMLDialogElement>(null);
  const id = useId();
  const inForce = params.v.length + params.t.length + (hasPrice(params) ? 1 : 0);

  // A list closes on a click outside the bar and on Escape, which gives focus back.
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
  }, [open]);

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
  const barItem = (group: FilterGroup) => (
    <li key={group.key}>
      {barButton(group.key, group.label, group.selected)}
      {open === group.key && (
        <div className="fp-popover" id={`${id}-${group.key}`}>
          {body(group)}
        </div>
      )}
    </li>
  );
  const toggle = (key: string) => {
    setOpen((now) => (now === key ? null : key));
  };
  const barButton = (key: string, label: string, selected: number) => (
    <button
      type="button"
      className="fp-button"
      data-group={key}
      aria-expanded={open === key}
      aria-controls={`${id}-${key}`}
      onClick={() => {
        toggle(key);
      }}
    >
      {label}
      {selected > 0 && <span className="fp-badge">{selected}</span>}
      <span aria-hidden="true" className="fp-caret">
        ▾
      </span>
    </button>
  );

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
        {brand && barItem(brand)}
        <li>
          {barButton('price', 'Price', hasPrice(params) ? 1 : 0)}
          {open === 'price' && (
            <div className="fp-popover" id={`${id}-price`}>
              {price}
            </div>
          )}
        </li>
        {tags.slice(0, BAR_TAG_GROUPS).map(barItem)}
      </ul>
      <dialog
        className="fp-drawer"
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
          <button type="button" className="fp-show" onClick={() => drawer.current?.close()}>
            {total === undefined
              ? 'Show products'
              : `Show ${total.toLocaleString('en-US')} ${total === 1 ? 'product' : 'products'}`}
          </button>
        </div>
      </dialog>
    </div>
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
        <button type="button" className="fp-link" onClick={onClear}>
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
      <PriceInput
        label="Lowest"
        placeholder={formatPrice(0, currency)}
        value={min}
        errorId={error ? `${id}-error` : undefined}
        onValue={setMin}
      />
      <PriceInput
        label="Highest"
        placeholder={maxPrice ? formatPrice(Math.ceil(maxPrice), currency) : 'Any'}
        value={max}
        errorId={error ? `${id}-error` : undefined}
        onValue={setMax}
      />
      <button type="submit" className="fp-apply">
        Apply
      </button>
      <p className="fp-error field-error" id={`${id}-error`} role="alert">
        {error}
      </p>
    </form>
  );
}

/** One bound of the price form; `errorId` names the form's error while there is one. */
function PriceInput({
  label,
  placeholder,
  value,
  errorId,
  onValue,
}: {
  label: string;
  placeholder: string;
  value: string;
  errorId: string | undefined;
  onValue: (value: string) => void;
}) {
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
