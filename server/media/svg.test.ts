import { describe, expect, it } from 'vitest';
import { eachCase } from '../../shared/each-case.testing.ts';
import {
  escapeXml,
  hashString,
  hslToHex,
  palette,
  renderedSize,
  svgDocument,
  wordsFromHandle,
} from './svg.ts';

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });

  it('leaves other text alone, including non-ASCII', () => {
    expect(escapeXml('Rädchen 85-288 ✓')).toBe('Rädchen 85-288 ✓');
  });

  it('escapes an ampersand that already looks like an entity', () => {
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });
});

describe('hashString', () => {
  it('is stable and unsigned 32-bit', () => {
    expect(hashString('wheel')).toBe(hashString('wheel'));
    expect(hashString('')).toBe(0x811c9dc5);
    for (const text of ['a', 'wheel', 'x'.repeat(1000)]) {
      const hash = hashString(text);
      expect(Number.isInteger(hash)).toBe(true);
      expect(hash).toBeGreaterThanOrEqual(0);
      expect(hash).toBeLessThan(2 ** 32);
    }
  });

  it('differs for different names', () => {
    expect(hashString('wheel-1')).not.toBe(hashString('wheel-2'));
  });
});

describe('hslToHex', () => {
  it.each([
    [0, 100, 50, '#ff0000'],
    [120, 100, 50, '#00ff00'],
    [240, 100, 50, '#0000ff'],
    [0, 0, 0, '#000000'],
    [0, 0, 100, '#ffffff'],
    [0, 0, 50, '#808080'],
  ])('hsl(%i, %i%%, %i%%) is %s', (h, s, l, hex) => {
    expect(hslToHex(h, s, l)).toBe(hex);
  });
});

describe('palette', () => {
  it('gives six hex colours', () => {
    const colours = palette(3);
    for (const value of Object.values(colours)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    expect(Object.keys(colours).sort()).toEqual(
      ['accent', 'background', 'dark', 'metal', 'primary', 'rubber'].sort(),
    );
  });

  it('is deterministic and varies between neighbouring seeds', () => {
    expect(palette(7)).toEqual(palette(7));
    const primaries = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((n) => palette(n).primary));
    expect(primaries.size).toBe(8);
  });

  it('copes with huge seeds', () => {
    expect(palette(2 ** 32 - 1).primary).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('wordsFromHandle', () => {
  eachCase('%s -> %s', wordsFromHandle, [
    ['hero-pallet-jack-parts', 'Hero Pallet Jack Parts'],
    ['crown-pth50-load-wheel', 'Crown PTH50 Load Wheel'],
    ['wheel', 'Wheel'],
    ['a--b', 'A B'],
    ['', ''],
  ]);
});

describe('renderedSize', () => {
  it('keeps the natural size without a width', () => {
    expect(renderedSize({ width: 600, height: 400 }, undefined)).toEqual({
      width: 600,
      height: 400,
    });
  });

  it('keeps the aspect ratio', () => {
    expect(renderedSize({ width: 600, height: 400 }, 300)).toEqual({ width: 300, height: 200 });
    expect(renderedSize({ width: 1600, height: 500 }, 700)).toEqual({ width: 700, height: 219 });
  });
});

describe('svgDocument', () => {
  it('writes explicit width, height and viewBox and an escaped title', () => {
    const svg = svgDocument({
      viewBox: { width: 800, height: 800 },
      size: { width: 400, height: 400 },
      title: 'Bolts & <nuts>',
      body: '<rect/>',
    });
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 800 800" ' +
        'role="img"><title>Bolts &amp; &lt;nuts&gt;</title><rect/></svg>',
    );
  });
});
