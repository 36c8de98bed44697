import { describe, expect, it } from 'vitest';
import { FITMENT_ROWS_SHOWN, fitmentTable, fitsModels } from './fitment-table.ts';

const row = (n: number, extra: Record<string, unknown> = {}) => ({
  modelId: n,
  brand: 'Crown',
  brandHandle: 'crown',
  model: `PTH${String(n)}`,
  modelHandle: `pth${String(n)}`,
  modelName: `Crown PTH${String(n)} Pallet Jack`,
  serialFrom: null,
  serialTo: null,
  position: 'load wheel',
  quantity: 1,
  note: '',
  ...extra,
});

describe('fitmentTable', () => {
  it('says universal, or that nothing is known, without rows', () => {
    expect(fitmentTable({ universal: true, rows: [row(1)] })).toEqual({ kind: 'universal' });
    expect(fitmentTable({ universal: false, rows: [] })).toEqual({ kind: 'unknown' });
  });

  it('words each range and the quantity per machine only when it is more than one', () => {
    const table = fitmentTable({
      universal: false,
      rows: [row(50, { serialFrom: '1A100000', quantity: 2 }), row(60, { serialTo: '1A099999' })],
    });
    expect(table).toMatchObject({
      kind: 'rows',
      total: 2,
      shown: [
        { model: 'PTH50', serials: 'from 1A100000 on', perMachine: '2' },
        { model: 'PTH60', serials: 'up to 1A099999', perMachine: '' },
      ],
      folded: [],
    });
  });

  it(`shows ${String(FITMENT_ROWS_SHOWN)} rows and folds the rest`, () => {
    const rows = Array.from({ length: 13 }, (_, n) => row(n + 1));
    const table = fitmentTable({ universal: false, rows });
    if (table.kind !== 'rows') throw new Error('rows expected');
    expect(table.shown.map((r) => r.model)).toEqual(rows.slice(0, 10).map((r) => r.model));
    expect(table.folded.map((r) => r.model)).toEqual(['PTH11', 'PTH12', 'PTH13']);
  });
});

describe('fitsModels', () => {
  it('names each model once, in the order of the rows, and none for a universal part', () => {
    const rows = [row(50, { serialTo: '1A099999' }), row(60), row(50, { serialFrom: '1A100000' })];
    expect(fitsModels({ universal: false, rows })).toEqual([
      { brand: 'Crown', model: 'PTH50', name: 'Crown PTH50 Pallet Jack' },
      { brand: 'Crown', model: 'PTH60', name: 'Crown PTH60 Pallet Jack' },
    ]);
    expect(fitsModels({ universal: true, rows })).toEqual([]);
  });
});
