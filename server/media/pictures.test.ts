import { describe, expect, it } from 'vitest';
import { PART_KINDS } from '../seed/category-tree.ts';
import { drawingFor, drawings } from './drawings.ts';
import {
  bannerHeadline,
  bannerPicture,
  bannerSize,
  collectionPicture,
  kindOfHandle,
  productPicture,
  wrapWords,
} from './pictures.ts';
import { palette } from './svg.ts';
import { expectWellFormed } from './testing.ts';

const sizeOf = (svg: string) => {
  const tag = /^<svg [^>]*>/.exec(svg)?.[0] ?? '';
  return [Number(/ width="(\d+)"/.exec(tag)?.[1]), Number(/ height="(\d+)"/.exec(tag)?.[1])];
};

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
  // The kinds the demo catalogue puts in its picture URLs (server/seed/category-tree.ts).
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
    expectWellFormed(svg);
    expect(sizeOf(svg)).toEqual([800, 800]);
    expect(svg).toContain('viewBox="0 0 800 800"');
  });

  it('is deterministic, coloured by n', () => {
    expect(productPicture('wheel', 1)).toBe(productPicture('wheel', 1));
    expect(productPicture('wheel', 1)).not.toBe(productPicture('wheel', 2));
  });

  it('renders at the asked width', () => {
    expect(sizeOf(productPicture('pump', 1, 300))).toEqual([300, 300]);
  });

  it('captions the picture with the kind and number', () => {
    expect(productPicture('seal-kit', 12)).toContain('>SEAL KIT 12</text>');
    expect(productPicture('seal-kit', 12)).toContain('<title>Seal Kit 12</title>');
  });
});

describe('collectionPicture', () => {
  it('is a well-formed 600x400 picture titled from the handle', () => {
    const svg = collectionPicture('forklift-seal-kits');
    expectWellFormed(svg);
    expect(sizeOf(svg)).toEqual([600, 400]);
    expect(svg).toContain('<title>Forklift Seal Kits</title>');
  });

  it('prints no name: the tiles print it beside the picture', () => {
    expect(collectionPicture('forklift-seal-kits')).not.toContain('<text');
  });

  it('scales with a width', () => {
    expect(sizeOf(collectionPicture('wheels', 200))).toEqual([200, 133]);
  });
});

describe('kindOfHandle', () => {
  it.each([
    ['load-wheels', 'wheel'],
    ['forklift-seal-kits', 'seal-kit'],
    ['hydraulic-pumps', 'pump'],
    ['wheel-3', 'wheel'],
    ['pallet-jack-parts', 'part'],
    ['accessories', 'part'],
  ])('%s is about %s', (handle, kind) => {
    expect(kindOfHandle(handle)).toBe(kind);
  });
});

describe('banners', () => {
  it('makes hero banners 1600x500 with the headline from the name', () => {
    const svg = bannerPicture('hero-batteries-chargers');
    expectWellFormed(svg);
    expect(sizeOf(svg)).toEqual([1600, 500]);
    expect(svg).toContain('>Batteries Chargers</text>');
  });

  it.each([
    ['featured-products', [1200, 300]],
    ['pallet-jack-parts', [1200, 300]],
    ['sidebar', [300, 600]],
    ['seller-rating-seal', [200, 200]],
    ['shipping-carriers', [600, 120]],
    ['exit-intent', [800, 500]],
    ['anything-else', [1200, 300]],
  ])('draws %s at its slot size', (name, size) => {
    const svg = bannerPicture(name);
    expectWellFormed(svg);
    expect(sizeOf(svg)).toEqual(size);
    expect(bannerSize(name)).toEqual({ width: size[0], height: size[1] });
  });

  it('scales a banner to a width suffix, keeping its ratio', () => {
    expect(sizeOf(bannerPicture('hero-forklift-parts', 800))).toEqual([800, 250]);
  });

  it('gives the exit-intent background no headline (the popup has its own text)', () => {
    expect(bannerPicture('exit-intent')).not.toContain('<text');
  });

  it('names banners in words', () => {
    expect(bannerHeadline('hero-pallet-jack-parts')).toBe('Pallet Jack Parts');
    expect(bannerHeadline('sidebar')).toBe('Parts Ready to Ship');
  });
});

describe('wrapWords', () => {
  it('fills lines up to the room', () => {
    expect(wrapWords('Parts Ready to Ship', 12)).toEqual(['Parts Ready', 'to Ship']);
    expect(wrapWords('Supercalifragilistic x', 5)).toEqual(['Supercalifragilistic', 'x']);
    expect(wrapWords('', 5)).toEqual([]);
  });
});
