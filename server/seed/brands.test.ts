import { describe, expect, it } from 'vitest';
import { BRANDS, brandCollectionHandle, partNumber, pickBrand } from './brands.ts';
import { createRandom } from './random.ts';

const brand = (name: string) => {
  const found = BRANDS.find((b) => b.name === name);
  if (!found) throw new Error(`no brand ${name}`);
  return found;
};

describe('brands', () => {
  it('has about thirty distinct brands with models and formats', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(28);
    expect(new Set(BRANDS.map((b) => b.name)).size).toBe(BRANDS.length);
    for (const b of BRANDS) {
      expect(b.partNumber.length).toBeGreaterThan(0);
      expect(b.models.length).toBeGreaterThan(0);
      expect(b.weight).toBeGreaterThan(0);
      // Vendor names become tag values "Brand_X": no underscore or comma allowed.
      expect(b.name).not.toMatch(/[_,]/);
    }
  });

  it('makes part numbers in the brand formats', () => {
    const rng = createRandom(1);
    for (let i = 0; i < 50; i += 1) {
      expect(partNumber(brand('Crown'), rng)).toMatch(/^\d{5}-\d{3}$/);
      expect(partNumber(brand('Raymond'), rng)).toMatch(/^\d-\d{3}-\d{3}(\/\d{3})?$/);
      expect(partNumber(brand('Yale'), rng)).toMatch(/^5[82]00\d{5}$/);
      expect(partNumber(brand('Toyota'), rng)).toMatch(/^\d{5}-\d{5}-71$/);
      expect(partNumber(brand('BT'), rng)).toMatch(/^[12]\d{5}$/);
    }
  });

  it('is deterministic for the same generator state', () => {
    const a = createRandom(4);
    const b = createRandom(4);
    for (let i = 0; i < 20; i += 1) {
      const x = pickBrand(a);
      expect(pickBrand(b)).toBe(x);
      expect(partNumber(x, b)).toBe(partNumber(x, a));
    }
  });

  it('reaches most brands over many picks', () => {
    const rng = createRandom(8);
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i += 1) seen.add(pickBrand(rng).name);
    expect(seen.size).toBe(BRANDS.length);
  });

  it('names each brand collection from the brand, uniquely', () => {
    expect(brandCollectionHandle('Crown')).toBe('crown-parts');
    expect(brandCollectionHandle('EP Equipment')).toBe('ep-equipment-parts');
    expect(brandCollectionHandle('Prime-Mover')).toBe('prime-mover-parts');
    const handles = BRANDS.map((b) => brandCollectionHandle(b.name));
    expect(new Set(handles).size).toBe(BRANDS.length);
    for (const handle of handles) expect(handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
