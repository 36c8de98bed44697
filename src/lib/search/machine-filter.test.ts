import { describe, expect, it } from 'vitest';
import type { FleetMachine } from '../../../shared/fitment/fleet.ts';
import type { ListMachine } from './filter-reply.ts';
import { cardFitBadge, fitsChipLabel, isChosenMachine, machineFits } from './machine-filter.ts';

// The results list under a chosen machine (issue 31, items 8 and 9): the filter a machine
// asks for, the chip's words and the cards' badges.

const crown: FleetMachine = {
  brand: 'Crown',
  brandHandle: 'crown',
  model: 'PTH50',
  modelHandle: 'pth50',
  serial: '',
  nickname: 'Dock 3 jack',
};

const listMachine: ListMachine = {
  brand: 'Crown',
  brandHandle: 'crown',
  code: 'PTH50',
  handle: 'pth50',
  name: 'Crown PTH50 pallet jack',
  serial: null,
};

const row = (serialFrom: string | null, serialTo: string | null) => ({
  serialFrom,
  serialTo,
  position: 'load wheel',
  quantity: 2,
  note: '',
});

describe('machineFits', () => {
  it("is the chosen machine's handles and serial, or nothing", () => {
    expect(machineFits(crown)).toEqual({ fits: 'crown/pth50', serial: '' });
    expect(machineFits({ ...crown, serial: ' SZ1 ' })).toEqual({
      fits: 'crown/pth50',
      serial: 'SZ1',
    });
    expect(machineFits(undefined)).toEqual({ fits: '', serial: '' });
  });
  it('drops a serial too long to send, as the address would', () => {
    expect(machineFits({ ...crown, serial: 'S'.repeat(40) }).serial).toBe('');
  });
});

describe('isChosenMachine', () => {
  it('needs the same model and serial', () => {
    expect(isChosenMachine({ fits: 'crown/pth50', serial: '' }, crown)).toBe(true);
    expect(isChosenMachine({ fits: 'crown/pth50', serial: 'SZ1' }, crown)).toBe(false);
    expect(isChosenMachine({ fits: 'yale/mpb040', serial: '' }, crown)).toBe(false);
    expect(isChosenMachine({ fits: 'crown/pth50', serial: '' }, undefined)).toBe(false);
    expect(isChosenMachine({ fits: '', serial: '' }, undefined)).toBe(false);
  });
});

describe('fitsChipLabel', () => {
  const params = { fits: 'crown/pth50', serial: '' };
  it("names the machine from the reply's brand and code", () => {
    expect(fitsChipLabel(params, listMachine, undefined)).toBe('Fits: Crown PTH50');
  });
  it('names it from the chosen machine before the reply, else by its handles', () => {
    expect(fitsChipLabel(params, undefined, crown)).toBe('Fits: Crown PTH50');
    expect(fitsChipLabel(params, null, undefined)).toBe('Fits: crown/pth50');
    // A reply or a chosen machine for another model does not name this one.
    const yale = { fits: 'yale/mpb040', serial: '' };
    expect(fitsChipLabel(yale, listMachine, crown)).toBe('Fits: yale/mpb040');
  });
  it('adds the serial when one is set', () => {
    expect(fitsChipLabel({ ...params, serial: 'SZ123456' }, listMachine, undefined)).toBe(
      'Fits: Crown PTH50 · serial SZ123456',
    );
  });
});

describe('cardFitBadge', () => {
  it("says a part fits the list's machine, a universal part too", () => {
    const fits = { verdict: 'fits' as const, universal: false, rows: [row(null, null)] };
    expect(cardFitBadge(fits, listMachine, true)).toEqual({
      kind: 'fits',
      text: 'Fits your Crown PTH50',
    });
    expect(cardFitBadge({ verdict: 'fits', universal: true, rows: [] }, listMachine, true)).toEqual(
      { kind: 'fits', text: 'Fits your Crown PTH50' },
    );
    expect(cardFitBadge(fits, undefined, true)?.text).toBe('Fits your machine');
  });
  it('names the machine as the model’s, not the shopper’s, on a list of a machine not chosen', () => {
    const fits = { verdict: 'fits' as const, universal: false, rows: [row(null, null)] };
    expect(cardFitBadge(fits, listMachine, false)?.text).toBe('Fits the Crown PTH50');
    expect(cardFitBadge(fits, undefined, false)?.text).toBe('Fits this machine');
  });
  it('asks to check the serial, naming each range once', () => {
    const check = {
      verdict: 'check' as const,
      universal: false,
      rows: [row('SZ123456', null), row('SZ123456', null), row(null, 'SZ100000')],
    };
    expect(cardFitBadge(check, listMachine, true)).toEqual({
      kind: 'check',
      text: 'Check the serial number: fits from SZ123456 on or up to SZ100000',
    });
    expect(cardFitBadge({ ...check, rows: [row('SZ1', 'SZ9')] }, listMachine, true)?.text).toBe(
      'Check the serial number: fits from SZ1 to SZ9',
    );
    expect(cardFitBadge({ ...check, rows: [] }, listMachine, true)?.text).toBe(
      'Check the serial number',
    );
    // A verdict this page does not know is never read as fits.
    expect(cardFitBadge({ ...check, verdict: 'maybe' }, listMachine, true)?.kind).toBe('check');
  });
  it('shows nothing for a card without a verdict', () => {
    expect(cardFitBadge(null, listMachine, true)).toBeUndefined();
    expect(cardFitBadge(undefined, listMachine, true)).toBeUndefined();
  });
});
