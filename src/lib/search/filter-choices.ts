import type { PageInfo } from './filter-reply.ts';
import {
  parsePrice,
  resolveTagFilter,
  type SearchChange,
  type SearchParams,
  type TagFilter,
} from './search-params.ts';

/**
 * The filter panel's groups: brands and each tag prefix as lists of
 * choices with counts, from the filter reply's availableVendors and availableTagFilters
 * (spec storefront 3, "Page info from the filter response"). The API counts a group's
 * choices without the group's own filter (server/catalog/filter.ts), so picking a brand
 * keeps the other brands on offer.
 */

export interface FilterOption {
  /** The brand name, or the tag value. */
  value: string;
  /** Products the choice would show; 0 for a choice in force that matches nothing now. */
  count: number;
  checked: boolean;
}

export interface FilterGroup {
  /** 'v' for brands, else 't:' and the prefix. */
  key: string;
  label: string;
  /** The tag prefix, for a tag group. */
  prefix?: string;
  options: FilterOption[];
  /** How many of its choices are in force. */
  selected: number;
}

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;
const same = (x: string, y: string) => x.toLowerCase() === y.toLowerCase();

/** Options in natural order (8 in before 10 in), plus any in force the reply did not list. */
function options(
  listed: readonly { value: string; count: number }[],
  inForce: readonly string[],
): FilterOption[] {
  const all = listed.map((option) => ({
    ...option,
    checked: inForce.some((value) => same(value, option.value)),
  }));
  for (const value of inForce) {
    if (!all.some((option) => same(option.value, value))) {
      all.push({ value, count: 0, checked: true });
    }
  }
  return all.sort((x, y) => byName(x.value, y.value));
}

/**
 * The groups to offer: Brand first (when `brands`), then each tag prefix, the one that
 * describes the most products first. Prefixes in `hidden` are left out (the demo catalogue
 * tags every product `Brand_{vendor}`, which the Brand group already offers).
 * @example filterGroups(reply.pageInfo, params, { brands: true, hidden: ['Brand'] })[0].label // 'Brand'
 */
export function filterGroups(
  info: Pick<PageInfo, 'availableVendors' | 'availableTagFilters'> | undefined,
  params: SearchParams,
  { brands, hidden }: { brands: boolean; hidden: readonly string[] },
): FilterGroup[] {
  const groups: FilterGroup[] = [];
  if (brands) {
    const listed = (info?.availableVendors ?? []).map(({ name, count }) => ({
      value: name,
      count: count ?? 0,
    }));
    groups.push(group('v', 'Brand', undefined, options(listed, params.v)));
  }
  const byPrefix = new Map<
    string,
    { prefix: string; values: { value: string; count: number }[] }
  >();
  for (const tag of info?.availableTagFilters ?? []) {
    if (hidden.some((prefix) => same(prefix, tag.prefix))) continue;
    const key = tag.prefix.toLowerCase();
    const entry = byPrefix.get(key) ?? { prefix: tag.prefix, values: [] };
    entry.values.push({ value: tag.value, count: tag.count ?? 0 });
    byPrefix.set(key, entry);
  }
  // A filter in force whose prefix the reply no longer lists stays on offer, to be removed.
  for (const tag of params.t) {
    const key = tag.prefix.toLowerCase();
    if (!byPrefix.has(key) && !hidden.some((prefix) => same(prefix, tag.prefix))) {
      byPrefix.set(key, { prefix: tag.prefix, values: [] });
    }
  }
  const coverage = (values: readonly { count: number }[]) =>
    values.reduce((sum, { count }) => sum + count, 0);
  const tagGroups = [...byPrefix.values()]
    .sort((x, y) => coverage(y.values) - coverage(x.values) || byName(x.prefix, y.prefix))
    .map(({ prefix, values }) => {
      const inForce = params.t.filter((tag) => same(tag.prefix, prefix)).map((tag) => tag.value);
      return group(`t:${prefix}`, prefix, prefix, options(values, inForce));
    });
  return [...groups, ...tagGroups];
}

function group(
  key: string,
  label: string,
  prefix: string | undefined,
  list: FilterOption[],
): FilterGroup {
  const selected = list.filter((option) => option.checked).length;
  return { key, label, ...(prefix === undefined ? {} : { prefix }), options: list, selected };
}

/** The change that picks or drops one choice of a group. */
export function toggleChoice(
  params: SearchParams,
  group: FilterGroup,
  value: string,
): SearchChange {
  if (group.prefix === undefined) {
    const v = params.v.some((name) => same(name, value))
      ? params.v.filter((name) => !same(name, value))
      : [...params.v, value];
    return { kind: 'v', value: v };
  }
  const prefix = group.prefix;
  const picked = (tag: TagFilter) => same(tag.prefix, prefix) && same(tag.value, value);
  const t = params.t.some(picked)
    ? params.t.filter((tag) => !picked(tag))
    : [...params.t, { prefix, value }];
  return { kind: 't', value: t };
}

/** The changes that drop every choice of a group. */
export function clearGroup(params: SearchParams, group: FilterGroup): SearchChange {
  if (group.prefix === undefined) return { kind: 'v', value: [] };
  const prefix = group.prefix;
  return { kind: 't', value: params.t.filter((tag) => !same(tag.prefix, prefix)) };
}

/**
 * The changes that drop every filter the panel sets (brands, tags, prices). Not the machine
 * (`fits`): the shopper chose it (the finder, the fit check, My machines) for every list of
 * the store, and its own chip removes it (issue 31, item 8: "removable as a chip"); Clear all
 * leaving a chip behind says so.
 */
export const CLEAR_ALL: readonly SearchChange[] = [
  { kind: 'v', value: [] },
  { kind: 't', value: [] },
  { kind: 'minPrice', value: undefined },
  { kind: 'maxPrice', value: undefined },
];

/** Whether any filter the panel sets is in force (the machine is not one: see CLEAR_ALL). */
export const hasFilters = (params: SearchParams): boolean =>
  params.v.length > 0 ||
  params.t.length > 0 ||
  params.minPrice !== undefined ||
  params.maxPrice !== undefined;

/** The price range form's messages. */
export const PRICE_ERRORS = {
  invalid: 'Enter a price such as 25 or 25.50.',
  order: 'The lowest price must not be more than the highest.',
} as const;

/**
 * The changes a price range form asks for, or the message that says why it cannot apply.
 * An empty field drops that bound.
 * @example priceRangeChanges('10', '') // { changes: [{ kind: 'minPrice', value: 10 }, { kind: 'maxPrice', value: undefined }] }
 */
export function priceRangeChanges(
  minText: string,
  maxText: string,
): { changes: SearchChange[] } | { error: string } {
  const read = (text: string) => (text.trim() === '' ? null : parsePrice(text));
  const min = read(minText);
  const max = read(maxText);
  if (min === undefined || max === undefined) return { error: PRICE_ERRORS.invalid };
  if (min !== null && max !== null && min > max) return { error: PRICE_ERRORS.order };
  return {
    changes: [
      { kind: 'minPrice', value: min ?? undefined },
      { kind: 'maxPrice', value: max ?? undefined },
    ],
  };
}

/**
 * The tag filters as the catalogue spells them (case variants of spec storefront 5), for the
 * chips: 'material_nylon' in the address reads 'Material: Nylon'.
 */
export const resolvedTags = (params: SearchParams, info: PageInfo | undefined): TagFilter[] =>
  params.t.map((tag) => resolveTagFilter(tag, info?.availableTagFilters ?? []));
