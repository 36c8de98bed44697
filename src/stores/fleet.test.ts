import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_KEY, parseFleet, type FleetMachine } from '../../shared/fitment/fleet.ts';
import { $activeMachine, $fleet, forgetMachine, saveMachine, chooseFleetMachine } from './fleet.ts';

const machine = (model: string): FleetMachine => ({
  brand: 'Crown',
  brandHandle: 'crown',
  model,
  modelHandle: model.toLowerCase(),
  serial: '',
  nickname: '',
});

beforeAll(() => {
  useTestStorageEngine();
});

afterEach(() => {
  cleanStores($fleet, $activeMachine);
  cleanTestStorage();
});

describe('the fleet store', () => {
  it('keeps the machines in local storage and follows the chosen one', () => {
    keepMount($activeMachine);
    saveMachine(machine('PTH50'));
    saveMachine(machine('WP3000'));
    expect($activeMachine.get()?.model).toBe('WP3000');
    chooseFleetMachine(1);
    expect($activeMachine.get()?.model).toBe('PTH50');
    expect(parseFleet(getTestStorage()[FLEET_KEY])).toEqual($fleet.get());
    forgetMachine(1);
    expect($activeMachine.get()).toBeUndefined();
  });

  it('reads a stored fleet another tab wrote, and a broken one as none', () => {
    keepMount($fleet);
    setTestStorageKey(FLEET_KEY, JSON.stringify({ machines: [machine('PTH50')], active: 0 }));
    expect($activeMachine.get()?.model).toBe('PTH50');
    setTestStorageKey(FLEET_KEY, '{broken');
    expect($fleet.get().machines).toEqual([]);
  });
});
