import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLEET_EVENT, FLEET_KEY } from './fleet-key.ts';

// The loaders spell the key and the event out: an import would add a file to every page's load.
describe('FLEET_KEY and FLEET_EVENT', () => {
  it('are the key the product page’s loader looks for a chosen machine under', () => {
    const loader = readFileSync('src/components/product/ProductFitCheck.astro', 'utf8');
    expect(loader).toContain(`localStorage.${FLEET_KEY})`);
  });

  it('are the key and the event the header’s switcher reads the chosen machine by', () => {
    const loader = readFileSync('src/components/shell/client/fleet-switch.ts', 'utf8');
    expect(loader).toContain(`localStorage.getItem('${FLEET_KEY}')`);
    expect(loader).toContain(`addEventListener('${FLEET_EVENT}', show)`);
  });
});
