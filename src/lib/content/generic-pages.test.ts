import { describe, expect, it } from 'vitest';
import { genericPagePath, isGenericPageHandle, NOINDEX_PAGE_HANDLES } from './generic-pages.ts';

describe('generic page handles', () => {
  it('builds the pages the footer and policy links point at', () => {
    for (const handle of ['about-us', 'contact-us', 'returns', 'shipping', 'request-an-item'])
      expect(isGenericPageHandle(handle)).toBe(true);
  });

  it('never shadows another route', () => {
    expect(isGenericPageHandle('cart')).toBe(false);
    expect(isGenericPageHandle('Questions')).toBe(false);
    expect(isGenericPageHandle('blog', ['/blog', '/shop/items'])).toBe(false);
    expect(isGenericPageHandle('shop', ['/blog', '/shop/items'])).toBe(false);
  });

  it('refuses handles that are not one safe segment', () => {
    expect(isGenericPageHandle('a/b')).toBe(false);
    expect(isGenericPageHandle('..')).toBe(false);
    expect(isGenericPageHandle('')).toBe(false);
    expect(isGenericPageHandle('x'.repeat(101))).toBe(false);
  });

  it('keeps confirm-subscription out of the index', () => {
    expect(NOINDEX_PAGE_HANDLES.has('confirm-subscription')).toBe(true);
    expect(genericPagePath('about-us')).toBe('/about-us');
  });
});
