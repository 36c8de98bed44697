import { describe, expect, it } from 'vitest';
import {
  CLEAR_ALL,
  clearGroup,
  filterGroups,
  hasFilters,
  PRICE_ERRORS,
  priceRangeChanges,
  resolvedTags,
  toggleChoice,
} from './filter-choices.ts';
import { applyChange, EMPTY_PARAMS, type SearchParams } from './search-params.ts';

const params = (over: Partial<SearchParams> = {}): SearchParams => ({ ...EMPTY_PARAMS, ...over });

const info = {
  availableVendors: [
    { name: 'Crown', count: 12 },
    { name: 'Blue Giant', count: 3 },
  ],
  availableTagFilters: [
    { prefix: 'Brand', value: 'Crown', count: 12 },
    { prefix: 'Material', value: 'Nylon', count: 4 },
    { prefix: 'Material', value: 'Polyurethane', count: 9 },
    { prefix: 'Wheel Size', value: '10 in', count: 2 },
    { prefix: 'Wheel Size', value: '8 in', count: 3 },
    { prefix: 'Condition', value: 'New', count: 15 },
  ],
};
const options = { brands: true, hidden: ['brand'] };

describe('filterGroups', () => {
  it('offers brands first, then the tag prefixes that describe the most products', () => {
    const groups = filterGroups(info, params(), options);
    expect(groups.map((group) => group.label)).toEqual([
      'Brand',
      'Condition',
      'Material',
      'Wheel Size',
    ]);
    // Natural order: 8 in before 10 in; the counts come with each choice.
    expect(groups[3]?.options).toEqual([
      { value: '8 in', count: 3, checked: false },
      { value: '10 in', count: 2, checked: false },
    ]);
    expect(groups[0]?.options.map((option) => option.value)).toEqual(['Blue Giant', 'Crown']);
  });

  it('marks the choices in force, whatever their case, and keeps those no longer listed', () => {
    const groups = filterGroups(
      info,
      params({
        v: ['crown', 'Yale'],
        t: [
          { prefix: 'material', value: 'NYLON' },
          { prefix: 'Voltage', value: '24V' },
        ],
      }),
      options,
    );
    const brand = groups.find((group) => group.key === 'v');
    expect(brand?.selected).toBe(2);
    expect(brand?.options).toContainEqual({ value: 'Crown', count: 12, checked: true });
    // Yale matches nothing with the other filters now: shown checked, to be removed.
    expect(brand?.options).toContainEqual({ value: 'Yale', count: 0, checked: true });
    const material = groups.find((group) => group.label === 'Material');
    expect(material?.options.filter((option) => option.checked)).toEqual([
      { value: 'Nylon', count: 4, checked: true },
    ]);
    expect(groups.find((group) => group.label === 'Voltage')?.options).toEqual([
      { value: '24V', count: 0, checked: true },
    ]);
  });

  it('has only an empty Brand group before the first reply', () => {
    expect(filterGroups(undefined, params(), options)).toEqual([
      { key: 'v', label: 'Brand', options: [], selected: 0 },
    ]);
    expect(filterGroups(undefined, params(), { brands: false, hidden: [] })).toEqual([]);
  });
});

describe('toggleChoice and clearGroup', () => {
  const groups = filterGroups(info, params(), options);
  const brand = groups[0]!;
  const material = groups.find((group) => group.label === 'Material')!;

  it('adds and drops a brand', () => {
    const one = applyChange(params(), toggleChoice(params(), brand, 'Crown'));
    expect(one.v).toEqual(['Crown']);
    const two = applyChange(one, toggleChoice(one, brand, 'Blue Giant'));
    expect(two.v).toEqual(['Crown', 'Blue Giant']);
    expect(applyChange(two, toggleChoice(two, brand, 'crown')).v).toEqual(['Blue Giant']);
    expect(applyChange(two, clearGroup(two, brand)).v).toEqual([]);
  });

  it('adds and drops a tag value, leaving the other prefixes alone', () => {
    const start = params({ t: [{ prefix: 'Condition', value: 'New' }], page: 3 });
    const next = applyChange(start, toggleChoice(start, material, 'Nylon'));
    expect(next.t).toEqual([
      { prefix: 'Condition', value: 'New' },
      { prefix: 'Material', value: 'Nylon' },
    ]);
    expect(next.page).toBe(0);
    const spelled = params({ t: [...next.t.slice(0, 1), { prefix: 'MATERIAL', value: 'nylon' }] });
    expect(applyChange(spelled, toggleChoice(spelled, material, 'Nylon')).t).toEqual([
      { prefix: 'Condition', value: 'New' },
    ]);
    expect(applyChange(next, clearGroup(next, material)).t).toEqual([
      { prefix: 'Condition', value: 'New' },
    ]);
  });

  it('clears every filter at once and keeps the words, sort and page size', () => {
    const start = params({
      q: 'wheel',
      v: ['Crown'],
      t: [{ prefix: 'Material', value: 'Nylon' }],
      minPrice: 5,
      maxPrice: 50,
      sortBy: 'price_asc',
      limit: 48,
    });
    expect(hasFilters(start)).toBe(true);
    const cleared = CLEAR_ALL.reduce(applyChange, start);
    expect(cleared).toEqual(params({ q: 'wheel', sortBy: 'price_asc', limit: 48 }));
    expect(hasFilters(cleared)).toBe(false);
  });

  it('leaves the machine to its own chip (issue 31, item 8)', () => {
    const machine = { fits: 'crown/pth50', serial: 'SZ1' };
    expect(hasFilters(params(machine))).toBe(false);
    const start = params({ ...machine, v: ['Crown'], minPrice: 5 });
    expect(CLEAR_ALL.reduce(applyChange, start)).toEqual(params(machine));
  });
});

describe('priceRangeChanges', () => {
  it('sets both bounds, an empty field dropping its bound', () => {
    expect(priceRangeChanges(' 10 ', '$49.50')).toEqual({
      changes: [
        { kind: 'minPrice', value: 10 },
        { kind: 'maxPrice', value: 49.5 },
      ],
    });
    expect(priceRangeChanges('', '')).toEqual({
      changes: [
        { kind: 'minPrice', value: undefined },
        { kind: 'maxPrice', value: undefined },
      ],
    });
  });

  it('says why a range cannot apply', () => {
    expect(priceRangeChanges('abc', '')).toEqual({ error: PRICE_ERRORS.invalid });
    expect(priceRangeChanges('-5', '')).toEqual({ error: PRICE_ERRORS.invalid });
    expect(priceRangeChanges('', '1e9')).toEqual({ error: PRICE_ERRORS.invalid });
    expect(priceRangeChanges('60', '50')).toEqual({ error: PRICE_ERRORS.order });
    expect('changes' in priceRangeChanges('50', '50')).toBe(true);
  });
});

describe('resolvedTags', () => {
  it('spells tags as the catalogue does', () => {
    const state = params({ t: [{ prefix: 'material', value: 'nylon' }] });
    expect(
      resolvedTags(state, { ...info, limitPerPage: 8, totalObjects: 1, totalPages: 1 }),
    ).toEqual([{ prefix: 'Material', value: 'Nylon' }]);
    expect(resolvedTags(state, undefined)).toEqual([{ prefix: 'material', value: 'nylon' }]);
  });
});
