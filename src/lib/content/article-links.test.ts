import { describe, expect, it } from 'vitest';
import {
  ARTICLE_LINK_FALLBACK,
  articleHref,
  articleHrefs,
  articleLinksKey,
  canonicalArticleLinks,
  legacyArticleIds,
  STORE_ARTICLE_IDS,
  storeArticleLinks,
} from './article-links.ts';

const hrefs = articleHrefs(
  [
    { id: 355, handle: 'check-compatibility-ask-our-experts' },
    { id: 257, handle: 'shipping-details' },
    { id: 354, handle: 'bulk-orders' },
  ],
  '/articles',
);

describe('articleHrefs', () => {
  it("maps each article's id to its canonical path under the article base", () => {
    expect([...hrefs]).toEqual([
      [355, '/articles/check-compatibility-ask-our-experts'],
      [257, '/articles/shipping-details'],
      [354, '/articles/bulk-orders'],
    ]);
    expect(articleHrefs([{ id: 9, handle: 'a/b c' }], '/blog').get(9)).toBe('/blog/a%2Fb%20c');
  });

  it('refuses a path the servers could not redirect to', () => {
    expect(() => articleHrefs([{ id: 1, handle: 'x' }], '//evil.example')).toThrow(
      /Article 1 has no safe path/,
    );
    expect(() => articleHrefs([{ id: 0, handle: 'x' }], '/articles')).toThrow(/Article 0/);
  });
});

describe('articleHref and the store links', () => {
  it('links the canonical article, or the help page when the build has none', () => {
    expect(articleHref(hrefs, 257)).toBe('/articles/shipping-details');
    expect(articleHref(hrefs, 999)).toBe(ARTICLE_LINK_FALLBACK);
    expect(ARTICLE_LINK_FALLBACK).toBe('/help.asp');
  });

  it("resolves the spec's three article ids", () => {
    expect(STORE_ARTICLE_IDS).toEqual({ askExperts: 355, shippingDetails: 257, bulkOrders: 354 });
    expect(storeArticleLinks(hrefs)).toEqual({
      askExperts: '/articles/check-compatibility-ask-our-experts',
      shippingDetails: '/articles/shipping-details',
      bulkOrders: '/articles/bulk-orders',
    });
    expect(storeArticleLinks(new Map())).toEqual({
      askExperts: '/help.asp',
      shippingDetails: '/help.asp',
      bulkOrders: '/help.asp',
    });
  });
});

describe('canonicalArticleLinks', () => {
  it('points legacy links in catalogue HTML at the article', () => {
    expect(
      canonicalArticleLinks(
        '<p>See <a href="/Articles.asp?ID=257">shipping details</a> and ' +
          '<a title="x" href=\'/articles.asp?id=354#quote\'>bulk orders</a>.</p>',
        hrefs,
      ),
    ).toBe(
      '<p>See <a href="/articles/shipping-details">shipping details</a> and ' +
        '<a title="x" href=\'/articles/bulk-orders#quote\'>bulk orders</a>.</p>',
    );
  });

  it('reads the id as the servers do, among other parameters', () => {
    expect(canonicalArticleLinks('<a href="/Articles.asp?utm=a&amp;ID=355">x</a>', hrefs)).toBe(
      '<a href="/articles/check-compatibility-ask-our-experts">x</a>',
    );
  });

  it('sends an unknown or unreadable id to the help page, never a dead link', () => {
    expect(canonicalArticleLinks('<a href="/Articles.asp?ID=999">x</a>', hrefs)).toBe(
      '<a href="/help.asp">x</a>',
    );
    expect(canonicalArticleLinks('<a href="/Articles.asp?ID=x">x</a>', hrefs)).toBe(
      '<a href="/help.asp">x</a>',
    );
  });

  it('leaves other links and text alone', () => {
    const html =
      '<p>Articles.asp?ID=355 in text, <a href="/articles/x">an article</a>, ' +
      '<a href="https://old.example/Articles.asp?ID=355">another site</a>, ' +
      '<a href="/x/Articles.asp?ID=355">a deeper path</a>, ' +
      '<img data-href="/Articles.asp?ID=355" alt=""></p>';
    expect(canonicalArticleLinks(html, hrefs)).toBe(html);
  });
});

describe('legacyArticleIds and articleLinksKey', () => {
  it('lists the ids HTML links the legacy way, once each', () => {
    expect(
      legacyArticleIds(
        '<a href="/Articles.asp?ID=257">a</a><a href="/Articles.asp?id=257">b</a>' +
          '<a href="/articles.asp?ID=12">c</a><a href="/Articles.asp?ID=bad">d</a>',
      ),
    ).toEqual([257, 12]);
    expect(legacyArticleIds('<p>no links</p>')).toEqual([]);
  });

  it('changes when an article a page links is renamed, added or removed', () => {
    const key = articleLinksKey(hrefs, [355, 257]);
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(articleLinksKey(hrefs, [257, 355, 355])).toBe(key);
    const renamed = new Map(hrefs).set(257, '/articles/shipping');
    expect(articleLinksKey(renamed, [355, 257])).not.toBe(key);
    const removed = new Map(hrefs);
    removed.delete(355);
    expect(articleLinksKey(removed, [355, 257])).not.toBe(key);
    // An article the page does not link changes nothing.
    expect(articleLinksKey(new Map(hrefs).set(1, '/articles/new'), [355, 257])).toBe(key);
  });
});
