import { describe, expect, it } from 'vitest';
import { compactSerial, parseSerial } from '../../shared/fitment/serial.ts';
import { BRANDS } from './brands.ts';
import { openDatabase } from '../db/open.ts';
import { aliasesOf, demoFitment, demoModels, serialFormatOf, writeMachines } from './machines.ts';

describe('demoModels', () => {
  const models = demoModels();

  it('is every model code the seeded brands name, once each', () => {
    expect(models).toHaveLength(BRANDS.reduce((sum, brand) => sum + brand.models.length, 0));
    const addresses = models.map((model) => `${model.brand}/${model.handle}`);
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const model of models) expect(model.handle).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('names each by brand, code and kind, of the four kinds the categories are for', () => {
    const pth50 = models.find((model) => model.code === 'PTH50');
    expect(pth50).toMatchObject({ brand: 'Crown', name: 'Crown PTH50 pallet jack', series: 'PTH' });
    expect(models.find((model) => model.code === '8FGCU25')?.machineType).toBe('forklift');
    expect(new Set(models.map((model) => model.machineType))).toEqual(
      new Set(['pallet-jack', 'forklift', 'stacker', 'lift-table']),
    );
  });

  it('gives each model names that compact to keys of their own', () => {
    for (const model of models) {
      const keys = model.aliases.map(compactSerial);
      expect(new Set(keys).size, model.code).toBe(keys.length);
    }
    expect(aliasesOf('PTH50')).toEqual(['PTH50', 'PTH50-20', 'PTH50-23']);
    expect(aliasesOf('SC4000')).toEqual(['SC4000']);
  });
});

describe('serialFormatOf', () => {
  it.each(BRANDS.map((brand) => [brand.name]))("reads %s's own example serial", (brand) => {
    const format = serialFormatOf(brand);
    const read = parseSerial(format.example, { pattern: new RegExp(format.pattern), example: '' });
    expect(read, format.example).not.toBeNull();
  });

  it('reads the brands whose plates it imitates as prefix and number', () => {
    const read = (brand: string, serial: string) => {
      const format = serialFormatOf(brand);
      return parseSerial(serial, { pattern: new RegExp(format.pattern), example: format.example });
    };
    expect(read('Crown', '1A234567')).toMatchObject({ prefix: '1A', number: 234567 });
    expect(read('Raymond', '102-15-12345')).toMatchObject({ prefix: '10215', number: 12345 });
    expect(read('Yale', 'A875B12345C')).toMatchObject({ prefix: 'A875B', number: 12345 });
    expect(read('Toyota', '8FGCU25-12345')).toMatchObject({ prefix: '8FGCU25', number: 12345 });
    expect(read('Toyota', '12345')).toMatchObject({ prefix: '', number: 12345 });
    expect(read('Crown', 'A875B12345C')).toBeNull();
  });
});

describe('writeMachines and demoFitment', () => {
  const db = openDatabase(':memory:');
  const ids = writeMachines(db);

  it('writes every model with its names as keys, and every brand its serial format', () => {
    expect(ids.size).toBe(demoModels().length);
    expect(db.prepare('SELECT count(*) AS n FROM serial_formats').get()).toEqual({
      n: BRANDS.length,
    });
    expect(
      db
        .prepare(
          "SELECT m.code FROM machine_model_keys k JOIN machine_models m ON m.id = k.model_id WHERE k.key = 'PTH5020'",
        )
        .get(),
    ).toEqual({ code: 'PTH50' });
  });

  it("gives a part a row per model its page names, skipping a code it doesn't know", () => {
    const fitment = demoFitment(
      {
        kind: 'wheel',
        part: 'poly load wheel',
        brand: 'Crown',
        models: ['PTH50', 'NOPE', 'WP3000'],
      },
      1,
      ids,
    );
    expect(fitment.universal).toBe(false);
    expect(fitment.rows).toHaveLength(2);
    expect(fitment.rows[0]).toMatchObject({
      position: 'load wheel',
      quantity: 2,
      serialFrom: null,
    });
  });

  it("puts a range in the brand's own format on every fourth part's first model", () => {
    const part = { kind: 'seal-kit', part: 'seal kit', brand: 'Crown', models: ['PTH50'] } as const;
    expect(demoFitment(part, 4, ids).rows[0]).toMatchObject({
      serialFrom: '1A234567',
      serialTo: null,
      position: '',
      quantity: 1,
    });
    expect(demoFitment(part, 12, ids).rows[0]).toMatchObject({
      serialFrom: null,
      serialTo: '1A234567',
    });
  });

  it('makes a charger universal, and leaves a part that names no model without data', () => {
    expect(
      demoFitment({ kind: 'charger', part: 'charger', brand: 'Crown', models: ['PTH50'] }, 1, ids),
    ).toEqual({
      universal: true,
      rows: [],
    });
    expect(demoFitment({ kind: 'pump', part: 'pump', brand: 'Crown', models: [] }, 1, ids)).toEqual(
      {
        universal: false,
        rows: [],
      },
    );
  });
});
