import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLEET_EVENT, FLEET_KEY } from './fleet-key.ts';

// The header's loader spells the key and the event out: an import would add a file to every
// page's load (the constants' module is shared with the fleet store's chunk).
const loader = readFileSync('src/components/shell/FleetSwitch.astro', 'utf8');

describe('the fleet loader', () => {
  it('reads the fleet under FLEET_KEY', () => {
    expect(loader).toContain(`localStorage.${FLEET_KEY})`);
  });
  it('follows this page’s changes by FLEET_EVENT', () => {
    expect(loader).toContain(`addEventListener('${FLEET_EVENT}'`);
  });
});
