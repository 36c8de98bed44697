import { describe, expect, it } from 'vitest';
import { productMeta, productTitle, shorten } from './title.ts';

describe('productTitle', () => {
  it('keeps a title without markup as plain text only', () => {
    expect(productTitle('Crown Load Wheel (85288-001)')).toEqual({
      plain: 'Crown Load Wheel (85288-001)',
      markup: null,
    });
    expect(productTitle('Fork 3 & 4 in')).toEqual({ plain: 'Fork 3 & 4 in', markup: null });
  });

  it('keeps inline markup for desktop and the text for mobile', () => {
    expect(productTitle('Seal <b>Kit</b> <em>OEM</em>')).toEqual({
      plain: 'Seal Kit OEM',
      markup: 'Seal <b>Kit</b> <em>OEM</em>',
    });
  });

  it('makes a hostile title inert', () => {
    const { plain, markup } = productTitle(
      'Wheel <img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:x()">go</a> <b style="position:fixed" onclick="x()">Kit</b>',
    );
    expect(markup).toBe('Wheel go <b>Kit</b>');
    expect(plain).not.toContain('<');
    expect(plain).not.toContain('alert(2)');
  });
});

describe('productMeta', () => {
  const product = {
    title: 'Seal <b>Kit</b>',
    seoTitle: null,
    seoDescription: null,
    descriptionHtml: '<p>Fits <strong>every</strong> Crown PTH50.</p>',
  };

  it('uses the SEO fields when present', () => {
    expect(
      productMeta({ ...product, seoTitle: 'Seal Kit | Store', seoDescription: 'Buy it.' }),
    ).toEqual({ title: 'Seal Kit | Store', description: 'Buy it.' });
  });

  it('falls back to the title text and the description text', () => {
    expect(productMeta(product)).toEqual({
      title: 'Seal Kit',
      description: 'Fits every Crown PTH50.',
    });
    expect(productMeta({ ...product, seoTitle: '  ', descriptionHtml: '' })).toEqual({
      title: 'Seal Kit',
      description: undefined,
    });
  });
});

describe('shorten', () => {
  it('cuts long text at a word with an ellipsis', () => {
    const text = 'word '.repeat(60).trim();
    const short = shorten(text);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith('word…')).toBe(true);
    expect(shorten('short')).toBe('short');
  });
});
