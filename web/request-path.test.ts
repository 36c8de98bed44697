import { describe, expect, it } from 'vitest';
import { escapePath, requestPath, requestQuery } from './request-path.ts';

describe('requestPath', () => {
  it.each([
    ['/', '/'],
    ['/products/poly-load-wheel', '/products/poly-load-wheel'],
    ['/products/', '/products/'],
    ['/brands/Blue%20Giant', '/brands/Blue Giant'],
    ['/api/%61dmin/outbox', '/api/admin/outbox'],
    ['/api/admi%6E/outbox?to=a', '/api/admin/outbox'],
    ['/api%2fadmin/outbox', '/api/admin/outbox'],
    ['/api%2Fadmin%2Foutbox', '/api/admin/outbox'],
    ['//api//admin///outbox', '/api/admin/outbox'],
    ['/api/./admin/outbox', '/api/admin/outbox'],
    ['/api/x/../admin/outbox', '/api/admin/outbox'],
    ['/api/x/%2e%2e/admin', '/api/admin'],
    ['/static/..%2fapi%2fadmin', '/api/admin'],
    ['/_server%2frelease.json', '/_server/release.json'],
    ['/cart/.', '/cart/'],
    ['/cart/x/..', '/cart/'],
    ['/search.php?q=%2e%2e', '/search.php'],
  ])('%s is routed as %s', (target, path) => {
    expect(requestPath(target)).toEqual({ ok: true, path });
  });

  it.each([
    ['double encoding', '/api/%2561dmin/outbox'],
    ['double-encoded slash', '/api%252fadmin/outbox'],
    ['an encoded backslash', '/api%5cadmin/outbox'],
    ['a backslash', '/api\\admin/outbox'],
    ['a NUL', '/cart/%00.html'],
    ['a newline', '/cart%0a/x'],
    ['a broken escape', '/%E0%A4%A'],
    ['a lone percent sign', '/100%'],
    ['climbing out of the site', '/../etc/passwd'],
    ['climbing out encoded', '/%2e%2e/%2e%2e/etc/passwd'],
    ['an absolute URL', 'http://localhost/api/admin/outbox'],
    ['a star', '*'],
  ])('refuses %s', (_, target) => {
    expect(requestPath(target).ok).toBe(false);
  });
});

describe('escapePath', () => {
  it.each([
    ['/brands/Blue Giant', '/brands/Blue%20Giant'],
    ['/a/b:c@d', '/a/b:c@d'],
    ['/what?#', '/what%3F%23'],
    ['/Ünïcode', '/%C3%9Cn%C3%AFcode'],
    ['/100%', '/100%25'],
  ])('%s is sent as %s', (path, escaped) => {
    expect(escapePath(path)).toBe(escaped);
    // and read back as the same path
    expect(requestPath(escaped)).toEqual({ ok: true, path });
  });
});

it('keeps the query as it was sent', () => {
  expect(requestQuery('/search.php?q=a%20b&x')).toBe('?q=a%20b&x');
  expect(requestQuery('/search.php')).toBe('');
});
