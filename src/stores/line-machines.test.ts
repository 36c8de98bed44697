import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FleetMachine } from '../../shared/fitment/fleet.ts';
import {
  $lineMachines,
  keepLineMachines,
  LINE_MACHINES_KEY,
  parseLineMachines,
  rememberLineMachine,
} from './line-machines.ts';

const pth50: FleetMachine = {
  brand: 'Crown',
  brandHandle: 'crown',
  model: 'PTH50',
  modelHandle: 'pth50',
  serial: '1A234567',
  nickname: 'Dock 3',
};

beforeAll(() => {
  useTestStorageEngine();
});

afterEach(() => {
  cleanStores($lineMachines);
  cleanTestStorage();
});

describe('the machine each cart line was chosen for', () => {
  it('is remembered by inventory level and forgotten when the line leaves the cart', () => {
    keepMount($lineMachines);
    rememberLineMachine(12, pth50);
    rememberLineMachine(40, { ...pth50, nickname: '' });
    expect(parseLineMachines(getTestStorage()[LINE_MACHINES_KEY])).toEqual($lineMachines.get());
    keepLineMachines([40, 77]);
    expect(Object.keys($lineMachines.get())).toEqual(['40']);
  });

  it('reads leniently: an entry that does not read is dropped, the rest kept', () => {
    expect(parseLineMachines('{broken')).toEqual({});
    expect(parseLineMachines('[1]')).toEqual({});
    expect(
      parseLineMachines(
        JSON.stringify({ 12: pth50, x: pth50, 13: { ...pth50, brandHandle: 'C R' } }),
      ),
    ).toEqual({ 12: pth50 });
  });
});
