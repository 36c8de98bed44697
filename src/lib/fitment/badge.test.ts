import { describe, expect, it } from 'vitest';
import { serialFormatOf } from '../../../server/seed/machines.ts';
import { badgeFor, compactFitment, readSerialFormat } from './badge.ts';
import type { FleetMachine } from '../../../shared/fitment/fleet.ts';

const row = (model: string, serialFrom: string | null = null, serialTo: string | null = null) => ({
  modelId: 9,
  brand: 'Crown',
  brandHandle: 'crown',
  model: model.toUpperCase(),
  modelHandle: model,
  modelName: `Crown ${model.toUpperCase()}`,
  serialFrom,
  serialTo,
  position: '',
  quantity: 1,
  note: '',
});
const mine = (model: string, serial = ''): FleetMachine => ({
  brand: 'Crown',
  brandHandle: 'crown',
  model: model.toUpperCase(),
  modelHandle: model,
  serial,
  nickname: 'Dock 3',
});
const crown = serialFormatOf('Crown');
const formats = { crown: { pattern: crown.pattern, example: crown.example } };

describe('badgeFor', () => {
  it("says fits, does not fit, or check with the range, in the issue's words", () => {
    const wheel = { universal: false, rows: [row('pth50', '1A100000')] };
    expect(badgeFor(wheel, mine('pth50', '1A100001'), formats)).toEqual({
      kind: 'fits',
      text: 'Fits your Crown PTH50',
    });
    expect(badgeFor(wheel, mine('pth50'), formats)).toEqual({
      kind: 'check',
      text: 'Check the serial number: fits from 1A100000 on',
    });
    expect(badgeFor(wheel, mine('pth50', '1A099999'), formats).kind).toBe('check');
    expect(badgeFor(wheel, mine('wp3000'), formats)).toEqual({
      kind: 'does-not-fit',
      text: 'Does not fit your Crown WP3000',
    });
  });

  it('names every range a check rests on, once', () => {
    const two = {
      universal: false,
      rows: [row('pth50', null, '1A099999'), row('pth50', '1A200000', '1A299999')],
    };
    expect(badgeFor(two, mine('pth50', '1A150000'), formats).text).toBe(
      'Check the serial number: fits up to 1A099999 or from 1A200000 to 1A299999',
    );
  });

  it('never guesses without data, and a universal part fits', () => {
    expect(badgeFor({ universal: false, rows: [] }, mine('pth50'))).toEqual({
      kind: 'unknown',
      text: 'We do not know whether this part fits your Crown PTH50',
    });
    expect(badgeFor({ universal: true, rows: [] }, mine('pth50')).kind).toBe('fits');
  });

  it('reads a pattern the browser cannot compile as no serial, never as fits', () => {
    const wheel = { universal: false, rows: [row('pth50', '1A100000')] };
    const broken = { crown: { pattern: '(?<number>[', example: '1A234567' } };
    expect(badgeFor(wheel, mine('pth50', '1A100001'), broken).kind).toBe('check');
  });
});

describe('the page’s copy of a fitment', () => {
  it('keeps what the badge reads and gives the same answers as the full rows', () => {
    const full = { universal: false, rows: [row('pth50', '1A100000'), row('wp3000', null, '2B9')] };
    const compact = compactFitment(full);
    expect(compact.rows[0]).toEqual({
      brandHandle: 'crown',
      modelHandle: 'pth50',
      serialFrom: '1A100000',
      serialTo: null,
    });
    for (const machine of [mine('pth50', '1A100001'), mine('pth50'), mine('pe4500')]) {
      expect(badgeFor(compact, machine, formats)).toEqual(badgeFor(full, machine, formats));
    }
  });

  it('reads a format as the API sends it, and none that this browser cannot read', () => {
    expect(
      readSerialFormat({ pattern: crown.pattern, example: '1A234567' })?.pattern.test('1A234567'),
    ).toBe(true);
    expect(readSerialFormat({ pattern: '(?<prefix', example: 'X1' })).toBeUndefined();
  });
});
