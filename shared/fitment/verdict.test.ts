import { describe, expect, it } from 'vitest';
import { fitVerdict, rangeText, type FitmentRow } from './verdict.ts';

const PTH50 = 7;
const MPB040 = 9;
const row = (modelId: number, serialFrom: string | null = null, serialTo: string | null = null) =>
  ({ modelId, serialFrom, serialTo }) satisfies FitmentRow;

describe('fitVerdict', () => {
  it('knows nothing of a product without fitment data, and never guesses', () => {
    expect(fitVerdict(undefined, { modelId: PTH50 })).toEqual({ kind: 'unknown' });
    expect(fitVerdict({ universal: false, rows: [] }, { modelId: PTH50 })).toEqual({
      kind: 'unknown',
    });
  });

  it('fits every machine with a universal part', () => {
    expect(fitVerdict({ universal: true, rows: [] }, { modelId: MPB040 })).toEqual({
      kind: 'fits',
      rows: [],
    });
  });

  it('does not fit a model the product has no row for', () => {
    const fitment = { universal: false, rows: [row(PTH50)] };
    expect(fitVerdict(fitment, { modelId: MPB040, serial: 'A1' })).toEqual({
      kind: 'does-not-fit',
    });
  });

  it('fits every serial of a model it has a row without a range for', () => {
    const whole = row(PTH50);
    const fitment = { universal: false, rows: [row(PTH50, 'SZ100000'), whole] };
    expect(fitVerdict(fitment, { modelId: PTH50 })).toEqual({ kind: 'fits', rows: [whole] });
    expect(fitVerdict(fitment, { modelId: PTH50, serial: 'nonsense!' })).toEqual({
      kind: 'fits',
      rows: [whole],
    });
  });

  it('asks for the serial number when the rows have ranges and none was given', () => {
    const fitment = { universal: false, rows: [row(PTH50, 'SZ123456')] };
    expect(fitVerdict(fitment, { modelId: PTH50 })).toEqual({
      kind: 'check',
      rows: fitment.rows,
    });
  });

  it('fits a serial within a range, boundaries inclusive, with the rows that apply', () => {
    const early = row(PTH50, null, 'SZ099999');
    const late = row(PTH50, 'SZ100000', null);
    const fitment = { universal: false, rows: [early, late] };
    expect(fitVerdict(fitment, { modelId: PTH50, serial: 'SZ099999' })).toEqual({
      kind: 'fits',
      rows: [early],
    });
    expect(fitVerdict(fitment, { modelId: PTH50, serial: 'sz-100000' })).toEqual({
      kind: 'fits',
      rows: [late],
    });
  });

  it("says 'check', not 'does not fit', for a serial outside every range or unreadable", () => {
    const fitment = { universal: false, rows: [row(PTH50, 'SZ100000', 'SZ199999')] };
    for (const serial of ['SZ200000', 'TA150000', 'not a serial', '']) {
      expect(fitVerdict(fitment, { modelId: PTH50, serial }), serial).toEqual({
        kind: 'check',
        rows: fitment.rows,
      });
    }
  });

  it('lets a bound its brand cannot read decide nothing', () => {
    const fitment = { universal: false, rows: [row(PTH50, '??', null)] };
    expect(fitVerdict(fitment, { modelId: PTH50, serial: 'SZ1' }).kind).toBe('check');
  });
});

describe('rangeText', () => {
  it.each([
    ['SZ123456', null, 'from SZ123456 on'],
    [null, 'SZ199999', 'up to SZ199999'],
    ['SZ100000', 'SZ199999', 'from SZ100000 to SZ199999'],
    [null, null, 'every serial number'],
  ] as const)('%s to %s reads %s', (serialFrom, serialTo, text) => {
    expect(rangeText({ serialFrom, serialTo })).toBe(text);
  });
});
