import { describe, expect, it } from 'vitest';
import {
  activeMachine,
  addMachine,
  chooseMachine,
  EMPTY_FLEET,
  FLEET_MAX,
  machineName,
  mergeFleets,
  parseFleet,
  removeMachine,
  serializeFleet,
  type FleetMachine,
} from './fleet.ts';

const machine = (model: string, serial = '', nickname = ''): FleetMachine => ({
  brand: 'Crown',
  brandHandle: 'crown',
  model: model.toUpperCase(),
  modelHandle: model.toLowerCase(),
  serial,
  nickname,
});

describe('parseFleet', () => {
  it('reads what serializeFleet wrote', () => {
    const fleet = addMachine(
      addMachine(EMPTY_FLEET, machine('pth50', '1A123456')),
      machine('wp3000'),
    );
    expect(parseFleet(serializeFleet(fleet))).toEqual(fleet);
  });

  it('reads anything else as no fleet, and drops only the machines that do not read', () => {
    for (const raw of [undefined, '', 'not json', '[]', '{"machines":"x"}', 'null']) {
      expect(parseFleet(raw)).toEqual(EMPTY_FLEET);
    }
    const stored = JSON.stringify({
      machines: [
        machine('pth50'),
        { ...machine('bad'), brandHandle: '<script>' },
        { brand: 'x' },
        machine('pth50'),
        machine('wp3000'),
      ],
      active: 9,
    });
    expect(parseFleet(stored)).toEqual({
      machines: [machine('pth50'), machine('wp3000')],
      active: null,
    });
  });

  it('keeps a hostile nickname as text, and drops a machine whose nickname is too long', () => {
    const stored = JSON.stringify({
      machines: [
        { ...machine('pth50'), nickname: `<img src=x onerror=alert(1)>${'x'.repeat(100)}` },
      ],
      active: 0,
    });
    expect(parseFleet(stored)).toEqual(EMPTY_FLEET);
    const fits = JSON.stringify({
      machines: [{ ...machine('pth50'), nickname: '<img src=x onerror=alert(1)>' }],
      active: 0,
    });
    expect(parseFleet(fits).machines[0]?.nickname).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('a fleet', () => {
  it('adds a machine first and chooses it; the same model and serial replace the one there', () => {
    let fleet = addMachine(EMPTY_FLEET, machine('pth50', '1a123456'));
    fleet = addMachine(fleet, machine('wp3000'));
    fleet = addMachine(fleet, machine('pth50', '1A123456', 'Dock 3'));
    expect(fleet.machines.map((m) => [m.model, m.nickname])).toEqual([
      ['PTH50', 'Dock 3'],
      ['WP3000', ''],
    ]);
    expect(activeMachine(fleet)?.nickname).toBe('Dock 3');
  });

  it(`keeps at most ${String(FLEET_MAX)}, the oldest going first`, () => {
    let fleet = EMPTY_FLEET;
    for (let n = 0; n < FLEET_MAX + 3; n += 1) fleet = addMachine(fleet, machine(`m${String(n)}`));
    expect(fleet.machines).toHaveLength(FLEET_MAX);
    expect(fleet.machines.at(-1)?.model).toBe('M3');
  });

  it('removes a machine, the choice following its machine or going with it', () => {
    const three = [machine('a'), machine('b'), machine('c')];
    const fleet = { machines: three, active: 2 };
    expect(removeMachine(fleet, 0)).toEqual({ machines: three.slice(1), active: 1 });
    expect(removeMachine(fleet, 2).active).toBeNull();
    expect(removeMachine(fleet, 5)).toBe(fleet);
    expect(chooseMachine(fleet, 7)).toBe(fleet);
    expect(chooseMachine(fleet, null).active).toBeNull();
  });

  it("merges on sign-in: the account's first, the browser's new ones after, the browser's choice kept", () => {
    const account = { machines: [machine('a'), machine('b')], active: 0 };
    const browser = { machines: [machine('c'), machine('b', '', 'mine')], active: 0 };
    const merged = mergeFleets(account, browser);
    expect(merged.machines.map((m) => m.model)).toEqual(['A', 'B', 'C']);
    expect(activeMachine(merged)?.model).toBe('C');
    expect(mergeFleets(account, EMPTY_FLEET)).toEqual(account);
  });
});

describe('machineName', () => {
  it('names a machine by its nickname, else by brand and model', () => {
    expect(machineName(machine('pth50', '', 'Dock 3 jack'))).toBe('Dock 3 jack');
    expect(machineName(machine('pth50'))).toBe('Crown PTH50');
  });
});
