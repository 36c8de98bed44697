import { describe, expect, it } from 'vitest';
import { isSitePath, MAX_PATH, parseVisit } from './visit.ts';

describe('parseVisit', () => {
  it('accepts a path, with or without coordinates', () => {
    expect(parseVisit({ path: '/' })).toEqual({ path: '/' });
    expect(parseVisit({ path: '/products/x', coordinates: null })).toEqual({
      path: '/products/x',
    });
    expect(
      parseVisit({ path: '/cart', coordinates: { latitude: 40.7, longitude: -74 }, extra: 1 }),
    ).toEqual({ path: '/cart', coordinates: { latitude: 40.7, longitude: -74 } });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', '/products'],
    ['an array', [{ path: '/' }]],
    ['no path', {}],
    ['a numeric path', { path: 5 }],
    ['a relative path', { path: 'products' }],
    ['a full URL', { path: 'https://evil.example/' }],
    ['an oversized path', { path: `/${'a'.repeat(3000)}` }],
    ['coordinates as text', { path: '/', coordinates: 'here' }],
    ['latitude as text', { path: '/', coordinates: { latitude: '1', longitude: 2 } }],
    ['a latitude out of range', { path: '/', coordinates: { latitude: 91, longitude: 0 } }],
    ['a longitude out of range', { path: '/', coordinates: { latitude: 0, longitude: -181 } }],
    ['NaN', { path: '/', coordinates: { latitude: NaN, longitude: 0 } }],
    ['missing longitude', { path: '/', coordinates: { latitude: 1 } }],
  ])('refuses %s', (_, payload) => {
    expect(parseVisit(payload)).toBeUndefined();
  });
});

describe('isSitePath', () => {
  it.each([
    '/',
    '/products/poly-load-wheel',
    '/cart.php',
    '/brands/Blue%20Giant',
    '/collections/wheels/Material,Nylon',
    "/a=b;c&d'(e)*+!$@:~_",
    '/a|b^c[d]',
    `/${'a'.repeat(MAX_PATH - 1)}`,
  ])('takes %s, a path location.pathname can give', (path) => {
    expect(isSitePath(path)).toBe(true);
  });

  it.each([
    ['another host', '//evil.example/x'],
    ['a backslash (a browser reads /\\ as //)', '/\\evil.example'],
    ['a full URL', 'https://evil.example/'],
    ['a relative path', 'products'],
    ['empty', ''],
    ['a space', '/a b'],
    ['a tab', '/a\tb'],
    ['a newline (a forged log line)', '/a\nvisit /admin'],
    ['a NUL', '/a\u0000'],
    ['DEL', '/a\u007f'],
    ['a C1 control', '/a\u0085'],
    ['unencoded non-ASCII', '/ümlaut'],
    ['a right-to-left override', '/a\u202eb'],
    ['a query', '/search?q=x'],
    ['a fragment', '/a#b'],
    ['markup', '/<script>alert(1)</script>'],
    ['a quote', '/a"b'],
    ['braces and backticks', '/a{b}`c`'],
    ['a dot segment', '/a/../admin'],
    ['a single dot segment', '/./a'],
    ['a trailing dot segment', '/a/..'],
    ['too long', `/${'a'.repeat(MAX_PATH)}`],
    ['a number', 5],
    ['null', null],
  ])('refuses %s', (_, path) => {
    expect(isSitePath(path)).toBe(false);
  });
});
