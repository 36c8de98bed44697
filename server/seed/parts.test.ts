import { describe, expect, it } from 'vitest';
import { tagSchema } from '../catalog/input.ts';
import { PART_KINDS } from './category-node.ts';
import { KIND_SPECS, shortMaterial, sizeLabel, sizeTags } from './parts.ts';

describe('KIND_SPECS', () => {
  it('describes every kind with a sane price range and tag-safe values', () => {
    for (const kind of PART_KINDS) {
      const spec = KIND_SPECS[kind];
      expect(spec.price[0]).toBeGreaterThan(0);
      expect(spec.price[1]).toBeGreaterThan(spec.price[0]);
      expect(spec.specs.length).toBeGreaterThan(0);
      for (const value of [
        ...(spec.materials ?? []),
        ...(spec.sizes ?? []),
        ...(spec.voltages ?? []),
      ]) {
        expect(value).not.toMatch(/[_,]/);
      }
      for (const [prefix, values] of Object.entries(spec.extraTags ?? {})) {
        for (const value of values)
          expect(tagSchema.safeParse(`${prefix}_${value}`).success).toBe(true);
      }
    }
  });
});

describe('size and material words', () => {
  it('shortens Polyurethane to Poly only', () => {
    expect(shortMaterial('Polyurethane')).toBe('Poly');
    expect(shortMaterial('Nylon')).toBe('Nylon');
  });

  it('adds inches to wheel, roller and fork sizes', () => {
    expect(sizeLabel('wheel', '3.25 x 3.75')).toBe('3.25 x 3.75 in.');
    expect(sizeLabel('fork', '42')).toBe('42 in.');
    expect(sizeLabel('tire', '6.50-10')).toBe('6.50-10');
  });

  it('makes wheel diameter and width tags', () => {
    expect(sizeTags('wheel', '3.25 x 3.75', KIND_SPECS.wheel)).toEqual([
      'Wheel Diameter_3.25 in',
      'Wheel Width_3.75 in',
    ]);
    expect(sizeTags('wheel', '8', KIND_SPECS.wheel)).toEqual(['Wheel Diameter_8 in']);
    expect(sizeTags('fork', '48', KIND_SPECS.fork)).toEqual(['Fork Length_48 in']);
    expect(sizeTags('chain', 'BL534', KIND_SPECS.chain)).toEqual(['Chain Size_BL534']);
    expect(sizeTags('part', 'X', KIND_SPECS.part)).toEqual(['Size_X']);
    for (const tag of sizeTags('wheel', '3 x 4', KIND_SPECS.wheel)) {
      expect(tagSchema.safeParse(tag).success).toBe(true);
    }
  });
});
