import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.ts';
import {
  demoCrossReferences,
  HOSTILE_REFERENCE,
  sharingParts,
  supersedingParts,
} from './cross-references.ts';
import { isHostileIndex } from './hostile.ts';
import { demoProduct, productContext } from './products.ts';

const crown = BRANDS[0];
if (crown?.name !== 'Crown') throw new Error('the brands changed order');

describe("the demo's cross-references", () => {
  it('replace an older number of their maker for about a quarter of the parts, and name other makers', () => {
    const all = Array.from({ length: 2000 }, (_, index) =>
      demoCrossReferences(1, index, crown, false),
    );
    const replacing = all.filter((refs) => refs.some((r) => r.relation === 'replaces'));
    const interchangeable = all.flat().filter((r) => r.relation === 'interchangeable');
    expect(replacing.length / all.length).toBeGreaterThan(0.2);
    expect(replacing.length / all.length).toBeLessThan(0.3);
    for (const refs of replacing) {
      expect(refs.find((r) => r.relation === 'replaces')?.number).toMatch(/^\d{5}-\d{3}$/);
    }
    expect(interchangeable.length).toBeGreaterThan(300);
    expect(interchangeable.every((r) => r.brand !== 'Crown')).toBe(true);
    const names = new Set(BRANDS.map((b) => b.name));
    expect(interchangeable.every((r) => names.has(r.brand))).toBe(true);
  });

  it('are the same for the same seed and index, and differ between seeds', () => {
    expect(demoCrossReferences(7, 12, crown, false)).toEqual(
      demoCrossReferences(7, 12, crown, false),
    );
    const one = Array.from({ length: 50 }, (_, i) => demoCrossReferences(1, i, crown, false));
    const two = Array.from({ length: 50 }, (_, i) => demoCrossReferences(2, i, crown, false));
    expect(one).not.toEqual(two);
  });

  it('carry a hostile maker on the hostile products', () => {
    const ctx = productContext(1, 600);
    const hostile = Array.from({ length: 600 }, (_, i) => i).filter(isHostileIndex);
    expect(hostile.length).toBeGreaterThan(0);
    for (const index of hostile) {
      expect(demoProduct(ctx, index).crossReferences).toContainEqual(HOSTILE_REFERENCE);
    }
  });

  it('supersede one part in fifty by the last earlier part of its maker and category', () => {
    const next = supersedingParts();
    const part = (sku: string, vendor = 'Crown', collection = 'load-wheels') => ({
      sku,
      vendor,
      collections: [collection],
    });
    expect(next(0, part('A-1'))).toBeUndefined();
    expect(next(1, part('Y-1', 'Yale'))).toBeUndefined();
    expect(next(30, part('A-2'))).toEqual({
      brand: 'Crown',
      number: 'A-1',
      relation: 'superseded-by',
    });
    // The superseded part is no successor: the next one is superseded by A-1 too.
    expect(next(80, part('A-3'))).toEqual({
      brand: 'Crown',
      number: 'A-1',
      relation: 'superseded-by',
    });
    expect(next(130, part('S-1', 'Crown', 'seals'))).toBeUndefined();
  });
});

describe('the shared numbers of the demo', () => {
  it("give one part in forty the other maker's number an earlier part of its category lists", () => {
    const next = sharingParts();
    const crown = { brand: 'Crown', number: '12345', relation: 'interchangeable' } as const;
    const part = (vendor: string, refs: (typeof crown)[] = [], collection = 'load-wheels') => ({
      vendor,
      collections: [collection],
      crossReferences: [...refs],
    });
    expect(next(0, part('Yale', [crown]))).toBeUndefined();
    expect(next(15, part('Hyster'))).toEqual(crown);
    // Not onto the maker of the number itself, nor a category without such a number.
    expect(next(55, part('Crown'))).toBeUndefined();
    expect(next(95, part('Hyster', [], 'seals'))).toBeUndefined();
  });
});
