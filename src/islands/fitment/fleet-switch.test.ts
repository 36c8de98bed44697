import { describe, expect, it } from 'vitest';
import { EMPTY_FLEET, type FleetMachine } from '../../../shared/fitment/fleet.ts';
import { switchChoices } from './fleet-switch.ts';

const machine = (extra: Partial<FleetMachine> = {}): FleetMachine => ({
  brand: 'Crown',
  brandHandle: 'crown',
  model: 'PTH50',
  modelHandle: 'pth50',
  serial: '',
  nickname: '',
  ...extra,
});

describe('switchChoices', () => {
  it('offers nothing to choose from an empty fleet', () => {
    expect(switchChoices(EMPTY_FLEET)).toEqual([]);
  });

  it('puts No machine first, then each machine by its nickname, the chosen one marked', () => {
    const fleet = {
      machines: [
        machine({ nickname: 'Dock 3 jack', serial: '5A123456' }),
        machine({ brand: 'Yale', brandHandle: 'yale', model: 'MPB040', modelHandle: 'mpb040' }),
      ],
      active: 1,
    };
    expect(switchChoices(fleet)).toEqual([
      { index: null, name: 'No machine', detail: 'All parts', chosen: false },
      { index: 0, name: 'Dock 3 jack', detail: 'Crown PTH50 · Serial 5A123456', chosen: false },
      { index: 1, name: 'Yale MPB040', detail: '', chosen: true },
    ]);
  });

  it('marks No machine when the fleet has none chosen', () => {
    const [none, first] = switchChoices({ machines: [machine()], active: null });
    expect(none?.chosen).toBe(true);
    expect(first?.chosen).toBe(false);
  });
});
