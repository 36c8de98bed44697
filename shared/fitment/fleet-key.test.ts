import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLEET_KEY } from './fleet-key.ts';

describe('FLEET_KEY', () => {
  it('is the key the product page’s loader looks for a chosen machine under', () => {
    // The loader spells it out: an import would add a file to every product page's load.
    const loader = readFileSync('src/components/product/ProductFitCheck.astro', 'utf8');
    expect(loader).toContain(`localStorage.${FLEET_KEY})`);
  });
});
