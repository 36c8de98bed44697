import { describe, expect, it } from 'vitest';
import { eachCase } from '../../../shared/each-case.testing.ts';
import {
  articleRedirectLines,
  articleRedirectsJson,
  isLegacyArticlePath,
  isSafeTarget,
  legacyArticleParam,
  parseArticleRedirects,
} from './article-redirects.ts';

describe('articleRedirectsJson (the map writer)', () => {
  it('writes each id and its path, in id order, and reads back the same', () => {
    const text = articleRedirectsJson([
      [355, '/articles/check-compatibility-ask-our-experts'],
      [257, '/articles/shipping-details'],
      [12, '/articles/caf%C3%A9-guide'],
    ]);
    expect(text).toBe(
      '{\n  "12": "/articles/caf%C3%A9-guide",\n  "257": "/articles/shipping-details",\n' +
        '  "355": "/articles/check-compatibility-ask-our-experts"\n}\n',
    );
    expect([...parseArticleRedirects(text)]).toEqual([
      ['12', '/articles/caf%C3%A9-guide'],
      ['257', '/articles/shipping-details'],
      ['355', '/articles/check-compatibility-ask-our-experts'],
    ]);
  });

  it('writes an empty map for a store without articles', () => {
    expect(articleRedirectsJson([])).toBe('{}\n');
    expect(parseArticleRedirects('{}').size).toBe(0);
  });

  it.each([
    [0, '/articles/x'],
    [-3, '/articles/x'],
    [1.5, '/articles/x'],
    [355, '//evil.example/x'],
    [355, '/\\evil.example'],
    [355, 'https://evil.example/'],
    [355, 'articles/x'],
    [355, '/articles/a b'],
    [355, '/articles/"x"'],
    [355, '/articles/$x'],
  ])('refuses id %s with path %s', (id, path) => {
    expect(() => articleRedirectsJson([[id, path]])).toThrow(/Article redirect/);
  });

  it('refuses a file that is not a map of ids to paths', () => {
    expect(() => parseArticleRedirects('[]')).toThrow(/not an object/);
    expect(() => parseArticleRedirects('{"x": "/a"}')).toThrow(/"x" is not an id/);
    expect(() => parseArticleRedirects('{"3": 4}')).toThrow(/4 is not a path/);
    expect(() => parseArticleRedirects('{"3": "//evil.example"}')).toThrow(/not a path/);
    expect(() => parseArticleRedirects('{')).toThrow(SyntaxError);
  });
});

describe('legacyArticleParam', () => {
  eachCase('reads %s as %s, as nginx reads $arg_id', legacyArticleParam, [
    ['?ID=355', '355'],
    ['?id=355', '355'],
    ['?Id=355&ID=257', '355'],
    ['?utm_source=mail&ID=355', '355'],
    ['ID=355', '355'],
    ['?ID=', ''],
    ['?ID', ''],
    ['?ID=%33%35%35', '%33%35%35'],
    ['?ID=355/../../x', '355/../../x'],
  ]);

  it('finds no parameter named id otherwise', () => {
    expect(legacyArticleParam('')).toBeUndefined();
    expect(legacyArticleParam('?xid=355')).toBeUndefined();
    expect(legacyArticleParam('?idx=355')).toBeUndefined();
  });
});

describe('paths', () => {
  it('knows the legacy article page in any case, and nothing else', () => {
    expect(isLegacyArticlePath('/Articles.asp')).toBe(true);
    expect(isLegacyArticlePath('/ARTICLES.ASP')).toBe(true);
    expect(isLegacyArticlePath('/Articles.asp/')).toBe(false);
    expect(isLegacyArticlePath('/x/Articles.asp')).toBe(false);
  });

  it('redirects only to paths of the site', () => {
    expect(isSafeTarget('/articles/ask-us')).toBe(true);
    expect(isSafeTarget("/articles/it's-(new)")).toBe(true);
    for (const bad of ['//evil.example', '/\\evil', 'http://x', '', '/a\nb', '/a?b#c'])
      expect(isSafeTarget(bad)).toBe(false);
  });

  it('writes a rule-file line per article', () => {
    expect(articleRedirectLines(new Map([['355', '/articles/ask-us']]))).toEqual([
      '/Articles.asp ID=355 /articles/ask-us 301',
    ]);
  });
});
