import { formatPrice } from '../../../shared/format/price.ts';
import { CLEAR_ALL, hasFilters } from '../../lib/search/filter-choices.ts';
import {
  tagParam,
  type SearchChange,
  type SearchParams,
  type TagFilter,
} from '../../lib/search/search-params.ts';
import { singleClick } from '../shared/index.ts';
import { Tooltip } from '../shared/Tooltip.tsx';

interface Props {
  params: SearchParams;
  /** The tag filters in force, spelled as the catalogue spells them. */
  tags: readonly TagFilter[];
  /**
   * The machine the list is narrowed to (issue 31, item 8), its chip's words and what its
   * remove does (more than a change: it may drop the chosen machine too).
   */
  machine?: { label: string; onRemove: () => void } | undefined;
  currency: string;
  onChange: (change: SearchChange | readonly SearchChange[]) => void;
}

interface Chip {
  key: string;
  label: string;
  remove: () => void;
  tip?: string;
}

/** The price bounds as chips: which parameter, the chip's key and the word before the price. */
const PRICE_BOUNDS = [
  ['minPrice', 'min', 'Over'],
  ['maxPrice', 'max', 'Under'],
] as const;

/** The filters in force, each with a button that removes it, and Clear all. */
export function ActiveFilters({ params, tags, machine, currency, onChange }: Props) {
  // A price chip explains itself in a popover (spec storefront 9: show 250 ms, hide 400 ms).
  const chips: Chip[] = [];
  const removing = (change: SearchChange) => () => {
    onChange(change);
  };
  // The machine first: it narrows the list most, and Clear all leaves it (CLEAR_ALL).
  if (machine) chips.push({ key: 'fits', label: machine.label, remove: machine.onRemove });
  for (const vendor of params.v) {
    chips.push({
      key: `v-${vendor}`,
      label: `Brand: ${vendor}`,
      remove: removing({ kind: 'v', value: params.v.filter((name) => name !== vendor) }),
    });
  }
  tags.forEach((tag, index) => {
    chips.push({
      key: `t-${tagParam(tag)}`,
      label: `${tag.prefix}: ${tag.value}`,
      remove: removing({ kind: 't', value: params.t.filter((_, at) => at !== index) }),
    });
  });
  for (const [kind, key, word] of PRICE_BOUNDS) {
    const amount = params[kind];
    if (amount === undefined) continue;
    const price = formatPrice(amount, currency);
    chips.push({
      key,
      label: `${word} ${price}`,
      remove: removing({ kind, value: undefined }),
      tip: `Only parts priced ${word.toLowerCase()} ${price} are shown. Remove the filter to see every price.`,
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul className="rl-filters" aria-label="Filters in use">
      {chips.map((chip) => {
        const remove = (tipId?: string) => (
          <button
            type="button"
            aria-label={`Remove filter ${chip.label}`}
            aria-describedby={tipId}
            onClick={singleClick(chip.remove)}
          >
            ×
          </button>
        );
        return (
          <li key={chip.key}>
            <span>{chip.label}</span>
            {chip.tip === undefined ? (
              remove()
            ) : (
              <Tooltip kind="priceFilter" text={chip.tip}>
                {remove}
              </Tooltip>
            )}
          </li>
        );
      })}
      {hasFilters(params) && (
        <li className="rl-clear-all">
          <button
            type="button"
            onClick={singleClick(() => {
              onChange(CLEAR_ALL);
            })}
          >
            Clear all
          </button>
        </li>
      )}
    </ul>
  );
}
