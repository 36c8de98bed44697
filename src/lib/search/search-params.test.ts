import { describe, expect, it } from 'vitest';
import {
  applyChange,
  caseVariants,
  EMPTY_PARAMS,
  effectiveLimit,
  filterQuery,
  MAX_SERIAL_LENGTH,
  parseFits,
  parseLimit,
  parsePrice,
  parseSearchParams,
  parseSerialParam,
  parseTagFilter,
  resolveTagFilter,
  searchParamsToQuery,
  shouldSearch,
  type SearchParams,
} from './search-params.ts';

const params = (over: Partial<SearchParams> = {}): SearchParams => ({ ...EMPTY_PARAMS, ...over });

describe('parseLimit', () => {
  it('accepts the page sizes of spec 9 only', () => {
    for (const size of [8, 16, 24, 48, 64, 76]) expect(parseLimit(String(size))).toBe(size);
    for (const bad of ['4', '10', '25', '100', '0', '-8', 'x', '', '8.5']) {
      expect(parseLimit(bad)).toBeUndefined();
    }
  });
  it('falls back to the store default, then 24', () => {
    expect(effectiveLimit(params(), 48)).toBe(48);
    expect(effectiveLimit(params({ limit: 8 }), 48)).toBe(8);
    expect(effectiveLimit(params(), 13)).toBe(24);
  });
});

describe('parsePrice', () => {
  it('reads plain and dollar amounts', () => {
    expect(parsePrice('50')).toBe(50);
    expect(parsePrice('$12.50')).toBe(12.5);
    expect(parsePrice('0')).toBe(0);
  });
  it('ignores anything else', () => {
    for (const bad of ['', '-1', 'abc', '1e3', '12.345', 'Infinity']) {
      expect(parsePrice(bad)).toBeUndefined();
    }
  });
});

describe('tag filters', () => {
  it('split at the first underscore or comma', () => {
    expect(parseTagFilter('Size_10 in')).toEqual({ prefix: 'Size', value: '10 in' });
    expect(parseTagFilter('Size,10 in')).toEqual({ prefix: 'Size', value: '10 in' });
    expect(parseTagFilter('Material_Nylon_blend')).toEqual({
      prefix: 'Material',
      value: 'Nylon_blend',
    });
    expect(parseTagFilter('Material,Nylon_blend')).toEqual({
      prefix: 'Material',
      value: 'Nylon_blend',
    });
  });
  it('refuse a filter without prefix or value', () => {
    for (const bad of ['Size', '_10', 'Size_', ',x', ' _ '])
      expect(parseTagFilter(bad)).toBe(undefined);
  });
  it('try case variants against the catalogue spelling', () => {
    expect(caseVariants('wheel size')).toEqual([
      'wheel size',
      'WHEEL SIZE',
      'Wheel size',
      'Wheel Size',
    ]);
    const available = [
      { prefix: 'Material', value: 'Polyurethane' },
      { prefix: 'Wheel Size', value: '10 IN' },
    ];
    expect(resolveTagFilter({ prefix: 'material', value: 'polyurethane' }, available)).toEqual({
      prefix: 'Material',
      value: 'Polyurethane',
    });
    expect(resolveTagFilter({ prefix: 'wheel size', value: '10 in' }, available)).toEqual({
      prefix: 'Wheel Size',
      value: '10 IN',
    });
    expect(resolveTagFilter({ prefix: 'Colour', value: 'red' }, available)).toEqual({
      prefix: 'Colour',
      value: 'red',
    });
  });
});

describe('URL to state and back', () => {
  it('reads every parameter, with a one-based page in the URL and zero-based in the state', () => {
    const state = parseSearchParams(
      '?q=load+wheel&c=3,4,3,x&v=Crown&v=%20Blue%20Giant&v=crown&v=&t=Size_10%20in&t=bad&fits=crown/pth50&serial=%20SZ123%20&minPrice=5&maxPrice=$50&sortBy=price_asc&limit=48&page=3',
    );
    expect(state).toEqual({
      q: 'load wheel',
      c: [3, 4],
      v: ['Crown', 'Blue Giant'],
      t: [{ prefix: 'Size', value: '10 in' }],
      minPrice: 5,
      maxPrice: 50,
      sortBy: 'price_asc',
      limit: 48,
      page: 2,
      fits: 'crown/pth50',
      serial: 'SZ123',
    });
    expect(parseSearchParams(searchParamsToQuery(state))).toEqual(state);
  });
  it('treats a bad page, sort and size as empty', () => {
    const state = parseSearchParams('?q=abc&page=0&sortBy=nope&limit=7');
    expect(state).toEqual(params({ q: 'abc' }));
    expect(parseSearchParams('?page=-2').page).toBe(0);
    expect(parseSearchParams('?page=2.5').page).toBe(0);
    expect(parseSearchParams('?page=abc').page).toBe(0);
  });
  it('writes only what is set, and leaves out what a page fixes', () => {
    expect(searchParamsToQuery(params())).toBe('');
    expect(searchParamsToQuery(params({ q: 'wheel', page: 1 }))).toBe('q=wheel&page=2');
    expect(searchParamsToQuery(params({ c: [7], sortBy: 'title_asc' }), ['c'])).toBe(
      'sortBy=title_asc',
    );
    expect(searchParamsToQuery(params({ minPrice: 0 }))).toBe('minPrice=0');
    expect(searchParamsToQuery(params({ v: ['Crown', 'Blue Giant'] }))).toBe(
      'v=Crown&v=Blue+Giant',
    );
  });
  it('lets a page fix parameters over the query string', () => {
    expect(parseSearchParams('?c=9&sortBy=price_desc', { c: [12] })).toEqual(
      params({ c: [12], sortBy: 'price_desc' }),
    );
  });
});

describe('the machine filter (issue 31, item 8)', () => {
  it('reads a brand/model pair of handles, lower-cased', () => {
    expect(parseFits('crown/pth50')).toBe('crown/pth50');
    expect(parseFits(' Crown/PTH50 ')).toBe('crown/pth50');
    expect(parseFits('blue-giant/pt-50-20')).toBe('blue-giant/pt-50-20');
  });
  it('reads anything else as no machine', () => {
    for (const junk of [
      '',
      'crown',
      'crown/',
      '/pth50',
      'crown/pth50/extra',
      '../x',
      'crown/pth 50',
      'crown/-pth50',
      'crown/pth50-',
      'crown//pth50',
      `crown/${'a'.repeat(200)}`,
    ]) {
      expect(parseFits(junk)).toBe('');
      expect(parseSearchParams(`?fits=${encodeURIComponent(junk)}&serial=SZ1`)).toEqual(params());
    }
  });
  it('keeps a serial only with a machine, trimmed, and drops one too long to be a serial', () => {
    expect(parseSearchParams('?serial=SZ1')).toEqual(params());
    expect(parseSearchParams('?fits=crown/pth50&serial=%20%20')).toEqual(
      params({ fits: 'crown/pth50' }),
    );
    const longest = 'S'.repeat(MAX_SERIAL_LENGTH);
    expect(parseSearchParams(`?fits=crown/pth50&serial=${longest}`).serial).toBe(longest);
    expect(parseSearchParams(`?fits=crown/pth50&serial=${longest}9`).serial).toBe('');
    expect(parseSerialParam(' 1A-100 ', 'crown/pth50')).toBe('1A-100');
    expect(parseSerialParam('1A-100', '')).toBe('');
  });
  it('writes fits and serial after the tags and before the prices', () => {
    const state = params({
      q: 'wheel',
      t: [{ prefix: 'Size', value: '8' }],
      fits: 'crown/pth50',
      serial: 'SZ 1',
      maxPrice: 50,
    });
    expect(searchParamsToQuery(state)).toBe(
      'q=wheel&t=Size_8&fits=crown/pth50&serial=SZ+1&maxPrice=50',
    );
    expect(searchParamsToQuery(params({ fits: 'crown/pth50', q: 'a/b' }))).toBe(
      'q=a%2Fb&fits=crown/pth50',
    );
    // A serial without its machine is never written.
    expect(searchParamsToQuery(params({ serial: 'SZ1' }))).toBe('');
  });
  it('sends fits and serial to the API', () => {
    expect(filterQuery(params({ fits: 'crown/pth50', serial: 'SZ1' }), 24).toString()).toBe(
      'fits=crown%2Fpth50&serial=SZ1&limit=24&page=0',
    );
    expect(filterQuery(params({ fits: 'crown/pth50' }), 24).get('serial')).toBeNull();
    expect(filterQuery(params({ serial: 'SZ1' }), 24).has('serial')).toBe(false);
  });
  it("is a search on its own: the search page lists the machine's parts", () => {
    expect(shouldSearch(params({ fits: 'crown/pth50' }))).toBe(true);
    expect(shouldSearch(params({ fits: 'crown/pth50', q: 'ab' }))).toBe(true);
  });
  it('is set and removed as one change, machine and serial, from the first page', () => {
    const start = params({ q: 'wheel', v: ['Crown'], page: 3 });
    const chosen = applyChange(start, {
      kind: 'fits',
      value: { fits: 'Crown/PTH50', serial: ' SZ1 ' },
    });
    expect(chosen).toEqual({ ...start, fits: 'crown/pth50', serial: 'SZ1', page: 0 });
    expect(
      applyChange(chosen, { kind: 'fits', value: { fits: 'crown/pth50', serial: 'SZ1' } }),
    ).toBe(chosen);
    expect(applyChange(chosen, { kind: 'fits', value: { fits: '', serial: '' } })).toEqual({
      ...start,
      page: 0,
    });
    expect(
      applyChange(chosen, { kind: 'fits', value: { fits: 'crown/pth50', serial: '' } }),
    ).toMatchObject({ fits: 'crown/pth50', serial: '' });
  });
  it('ignores junk, and a serial without a machine', () => {
    const start = params({ q: 'wheel', page: 2 });
    expect(applyChange(start, { kind: 'fits', value: { fits: 'crown', serial: 'SZ1' } })).toBe(
      start,
    );
    expect(applyChange(start, { kind: 'fits', value: { fits: '', serial: 'SZ1' } })).toBe(start);
  });
  it('survives a change of words, which clears brands and tags', () => {
    const start = params({ q: 'wheel', fits: 'crown/pth50', serial: 'SZ1' });
    expect(applyChange(start, { kind: 'q', value: 'seal' })).toMatchObject({
      fits: 'crown/pth50',
      serial: 'SZ1',
    });
  });
});

describe('filterQuery', () => {
  it('sends a zero-based page and the page size in force', () => {
    const query = filterQuery(
      params({ q: 'wheel', t: [{ prefix: 'Size', value: '8' }], page: 2, maxPrice: 50 }),
      24,
    );
    expect(query.toString()).toBe('q=wheel&t=Size_8&maxPrice=50&limit=24&page=2');
  });
});

describe('shouldSearch', () => {
  it('needs q or v of at least 3 characters', () => {
    expect(shouldSearch(params())).toBe(false);
    expect(shouldSearch(params({ q: 'ab' }))).toBe(false);
    expect(shouldSearch(params({ q: 'ab', v: ['xy'] }))).toBe(false);
    expect(shouldSearch(params({ q: 'abc' }))).toBe(true);
    expect(shouldSearch(params({ q: 'ab', v: ['BT'] }))).toBe(false);
    expect(shouldSearch(params({ v: ['Crown'] }))).toBe(true);
    expect(shouldSearch(params({ v: ['BT', 'Crown'] }))).toBe(true);
  });
  it('always runs for a collection list without words', () => {
    expect(shouldSearch(params({ c: [4] }))).toBe(true);
    expect(shouldSearch(params({ c: [4], q: 'ab' }))).toBe(false);
  });
});

describe('applyChange', () => {
  const start = params({
    q: 'wheel',
    v: ['Crown'],
    t: [{ prefix: 'Size', value: '8' }],
    sortBy: 'price_asc',
    page: 4,
  });
  it('keeps the other parameters when only the page changes', () => {
    expect(applyChange(start, { kind: 'page', value: 2 })).toEqual({ ...start, page: 2 });
    expect(applyChange(start, { kind: 'page', value: -3 }).page).toBe(0);
  });
  it('resets the page on any other change', () => {
    expect(applyChange(start, { kind: 'sortBy', value: 'price_desc' })).toEqual({
      ...start,
      sortBy: 'price_desc',
      page: 0,
    });
    expect(applyChange(start, { kind: 'limit', value: 48 })).toMatchObject({ limit: 48, page: 0 });
    expect(applyChange(start, { kind: 'minPrice', value: 5 })).toMatchObject({ page: 0 });
    expect(applyChange(start, { kind: 'maxPrice', value: 9 })).toMatchObject({ page: 0 });
    expect(applyChange(start, { kind: 'v', value: ['BT'] })).toMatchObject({ v: ['BT'], page: 0 });
    expect(applyChange(start, { kind: 'v', value: [' Crown ', 'CROWN'] })).toBe(start);
    expect(applyChange(start, { kind: 't', value: [] })).toMatchObject({ t: [], page: 0 });
    expect(applyChange(start, { kind: 'c', value: [2, 2] })).toMatchObject({ c: [2], page: 0 });
  });
  it('clears tags and vendor when q changes', () => {
    expect(applyChange(start, { kind: 'q', value: 'caster' })).toEqual({
      ...start,
      q: 'caster',
      v: [],
      t: [],
      page: 0,
    });
  });
  it('validates sort and page size as on the way in', () => {
    expect(applyChange(start, { kind: 'sortBy', value: 'bogus' }).sortBy).toBe('');
    expect(applyChange(start, { kind: 'limit', value: 10 }).limit).toBeUndefined();
  });
  it('changes nothing when the value is the same', () => {
    expect(applyChange(start, { kind: 'q', value: ' wheel ' })).toBe(start);
    expect(applyChange(start, { kind: 'sortBy', value: 'price_asc' })).toBe(start);
    expect(applyChange(start, { kind: 'page', value: 4 })).toBe(start);
    expect(applyChange(start, { kind: 'limit', value: 'x' })).toBe(start);
  });
});
