import { describe, expect, it } from 'vitest';
import { isCatalogueUrl, MAX_CATALOGUE_URL } from './catalogue-url.ts';

describe('isCatalogueUrl', () => {
  it.each([
    'https://cdn.example.com/parts/wheel.jpg',
    'http://cdn.example.com/a.pdf',
    'HTTPS://CDN.EXAMPLE.COM/A.JPG',
    'https://cdn.example.com:8443/a.glb?v=2#x',
    '/api/media/products/wheel-1.svg',
    '/api/media/products/wheel-1_400x.svg?v=3',
    '/',
    '/a//b',
    '/%2F%2Fevil.example',
  ])('accepts %j', (url) => {
    expect(isCatalogueUrl(url)).toBe(true);
  });

  it.each([
    // Other schemes, in every case and disguise.
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://files.example.com/a.pdf',
    'blob:https://shop.example/uuid',
    // Another host without a scheme.
    '//evil.example/a.jpg',
    '/\\evil.example/a.jpg',
    '\\\\evil.example\\a.jpg',
    '/\t/evil.example',
    '/ /evil.example',
    'https:\\\\evil.example',
    // Not a URL of ours: relative, empty, malformed, odd characters.
    '',
    'a.jpg',
    './a.jpg',
    '../a.jpg',
    'https://',
    'https:///a.jpg',
    'http:evil.example',
    'https://user:pass@cdn.example.com/a.jpg',
    'https://cdn.example.com@evil.example/a.jpg',
    'https://cdn.example.com/a.jpg ',
    'https://cdn.example.com/a b.jpg',
    'https://cdn.example.com/\u202egpj.exe',
    '/api/media/a.svg\u0085',
    `/${'a'.repeat(MAX_CATALOGUE_URL)}`,
  ])('refuses %j', (url) => {
    expect(isCatalogueUrl(url)).toBe(false);
  });

  it.each([null, undefined, 42, {}, ['/a']])('refuses the non-string %j', (value) => {
    expect(isCatalogueUrl(value)).toBe(false);
  });
});
