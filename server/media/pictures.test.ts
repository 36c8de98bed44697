import { describe, expect, it } from 'vitest';
import { eachCase } from '../../shared/each-case.testing.ts';
import { PART_KINDS } from '../seed/category-node.ts';
import { drawingFor, drawings } from './drawings.ts';
import {
  BANNER_LINE_CHARS,
  COLLECTION_BANNER_WORDS,
  collectionBannerWords,
  bannerHeadline,
  bannerPicture,
  bannerSize,
  collectionPicture,
  kindOfHandle,
  productPicture,
  wrapWords,
} from './pictures.ts';
import { palette } from './svg.ts';
import { expectPicture, expectWellFormed, svgSize } from './media.testing.ts';

describe('the well-formedness check', () => {
  it('catches broken XML', () => {
    for (const bad of [
      '<svg><g></svg>',
      '<svg>a < b</svg>',
      '<svg>R&D</svg>',
      '<svg x=1></svg>',
      '<svg>',
    ]) {
      expect(() => expectWellFormed(bad), bad).toThrow();
    }
    expectWellFormed('<svg a="1"><g/><text>R&amp;D</text></svg>');
  });
});

describe('drawings', () => {
  // The kinds the demo catalogue puts in its picture URLs (server/seed/category-node.ts).
  const kinds = PART_KINDS;

  it('has a drawing for every kind of part the catalogue uses', () => {
    expect(Object.keys(drawings).sort()).toEqual([...kinds].sort());
  });

  it('draws each kind differently', () => {
    const colours = palette(1);
    const drawn = new Set(kinds.map((kind) => drawingFor(kind)(colours)));
    expect(drawn.size).toBe(kinds.length);
  });

  it('falls back to the generic part, also for names of Object.prototype', () => {
    const colours = palette(1);
    const generic = drawingFor('part')(colours);
    for (const kind of ['gizmo', 'constructor', 'toString', '__proto__']) {
      expect(drawingFor(kind)(colours)).toBe(generic);
    }
  });
});

describe('productPicture', () => {
  it.each(Object.keys(drawings))('draws a well-formed 800x800 %s', (kind) => {
    const svg = productPicture(kind, 5);
    expectPicture(svg, [800, 800]);
    expect(svg).toContain('viewBox="0 0 800 800"');
  });

  it('is deterministic, coloured by n', () => {
    expect(productPicture('wheel', 1)).toBe(productPicture('wheel', 1));
    expect(productPicture('wheel', 1)).not.toBe(productPicture('wheel', 2));
  });

  it('renders at the asked width', () => {
    expect(svgSize(productPicture('pump', 1, 300))).toEqual([300, 300]);
  });

  it('captions the picture with the kind and number', () => {
    expect(productPicture('seal-kit', 12)).toContain('>SEAL KIT 12</text>');
    expect(productPicture('seal-kit', 12)).toContain('<title>Seal Kit 12</title>');
  });
});

describe('collectionPicture', () => {
  it('is a well-formed 600x400 picture titled from the handle', () => {
    const svg = collectionPicture('forklift-seal-kits');
    expectPicture(svg, [600, 400]);
    expect(svg).toContain('<title>Forklift Seal Kits</title>');
  });

  it('prints no name: the tiles print it beside the picture', () => {
    expect(collectionPicture('forklift-seal-kits')).not.toContain('<text');
  });

  it('scales with a width', () => {
    expect(svgSize(collectionPicture('wheels', 200))).toEqual([200, 133]);
  });
});

describe('kindOfHandle', () => {
  eachCase('%s is about %s', kindOfHandle, [
    ['load-wheels', 'wheel'],
    ['forklift-seal-kits', 'seal-kit'],
    ['hydraulic-pumps', 'pump'],
    ['wheel-3', 'wheel'],
    ['pallet-jack-parts', 'part'],
    ['accessories', 'part'],
  ]);
});

describe('banners', () => {
  it('makes hero banners 1600x500 with the headline from the name', () => {
    const svg = bannerPicture('hero-batteries-chargers');
    expectPicture(svg, [1600, 500]);
    expect(svg).toContain('>Batteries Chargers</text>');
  });

  it.each([
    // A card's shape: it is the Featured strip's first tile (issue 29, item 9).
    ['featured-products', [400, 800]],
    ['pallet-jack-parts', [1200, 300]],
    ['sidebar', [300, 600]],
    ['seller-rating-seal', [200, 200]],
    ['shipping-carriers', [600, 120]],
    ['exit-intent', [800, 500]],
    ['anything-else', [1200, 300]],
  ])('draws %s at its slot size', (name, size) => {
    const svg = bannerPicture(name);
    expectPicture(svg, size);
    expect(bannerSize(name)).toEqual({ width: size[0], height: size[1] });
  });

  it('scales a banner to a width suffix, keeping its ratio', () => {
    expect(svgSize(bannerPicture('hero-forklift-parts', 800))).toEqual([800, 250]);
  });

  it('gives the exit-intent background no headline (the popup has its own text)', () => {
    expect(bannerPicture('exit-intent')).not.toContain('<text');
  });

  it('names banners in words', () => {
    expect(bannerHeadline('hero-pallet-jack-parts')).toBe('Pallet Jack Parts');
    expect(bannerHeadline('sidebar')).toBe('Parts Ready to Ship');
    expect(bannerHeadline('featured-products')).toBe('Our Top Picks');
  });

  it("draws a collection's banner with a store promise, never its name (issue 29, item 7)", () => {
    // The collection page's heading names it right above the banner.
    for (const handle of [
      'forklift-cab',
      'pallet-jack-parts',
      'material-handling-equipment-parts',
    ]) {
      const headline = bannerHeadline(`collection-${handle}`);
      expect(COLLECTION_BANNER_WORDS).toContain(headline);
      expect(headline).toBe(collectionBannerWords(handle));
    }
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f'].map(collectionBannerWords)).size).toBeGreaterThan(
      1,
    );
  });

  // The words of a picture at the width a page draws it (no text under 12 px).
  const textsOf = (svg: string) =>
    [...svg.matchAll(/<text [^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({
      size: Number(m[1]),
      words: m[2] ?? '',
    }));

  it("breaks a wide banner's long headline into lines that read on a phone", () => {
    const svg = bannerPicture('material-handling-equipment-parts');
    expectWellFormed(svg);
    const texts = textsOf(svg);
    expect(texts.map((t) => t.words)).toEqual(['Material Handling', 'Equipment Parts']);
    for (const { size, words } of texts) {
      expect(words.length).toBeLessThanOrEqual(BANNER_LINE_CHARS);
      // A 1200 px banner across a 390 px phone's 358 px column.
      expect(size * (358 / 1200), words).toBeGreaterThanOrEqual(12);
    }
  });

  it('keeps a short headline on one line, centred as before', () => {
    expect(textsOf(bannerPicture('pallet-jack-parts'))).toEqual([
      { size: 60, words: 'Pallet Jack Parts' },
    ]);
    expect(bannerPicture('pallet-jack-parts')).toContain('y="165"');
  });

  it("draws the rating seal's words at 12 px or more in the footer's 80 px seal", () => {
    const svg = bannerPicture('seller-rating-seal');
    expectWellFormed(svg);
    const texts = textsOf(svg);
    expect(texts.map((t) => t.words)).toEqual(['Top', 'Rated', 'Seller']);
    for (const { size } of texts) expect(size * (80 / 200)).toBeGreaterThanOrEqual(12);
    expect(svg.match(/<path /g)).toHaveLength(5); // the stars, drawn
  });
});

describe('wrapWords', () => {
  it('fills lines up to the room', () => {
    expect(wrapWords('Parts Ready to Ship', 12)).toEqual(['Parts Ready', 'to Ship']);
    expect(wrapWords('Supercalifragilistic x', 5)).toEqual(['Supercalifragilistic', 'x']);
    expect(wrapWords('', 5)).toEqual([]);
  });
});
