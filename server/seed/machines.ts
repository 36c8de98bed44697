import { compactSerial, DEFAULT_SERIAL_FORMAT } from '../../shared/fitment/serial.ts';
import { slugify } from '../../shared/format/slug.ts';
import type { Database } from '../db/open.ts';
import { BRANDS } from './brands.ts';
import type { PartFit } from './fit.ts';
import { DEMO_EPOCH } from './products.ts';

/**
 * The demo catalogue's machines (issue 31): a model for every model code the seeded brands'
 * parts name (server/seed/brands.ts), with its kind of machine and the names people type for
 * it, and how each brand writes its serial numbers.
 */

/** The kinds of machine the store's categories are for (server/seed/fit.ts). */
export type MachineType = 'pallet-jack' | 'forklift' | 'stacker' | 'lift-table';

/** A seeded machine model. */
export interface DemoModel {
  brand: string;
  code: string;
  handle: string;
  name: string;
  series: string;
  machineType: MachineType;
  /** The names a shopper may type, the code first; each compacts to a distinct key. */
  aliases: string[];
}

/** A brand's serial format, as the serial_formats table keeps it. */
export interface DemoSerialFormat {
  brand: string;
  pattern: string;
  example: string;
}

/** What each model code is, where its kind is not a pallet jack (the most common here). */
const NOT_PALLET_JACKS: Readonly<Record<string, MachineType>> = {
  RR5700: 'forklift',
  SC4000: 'forklift',
  '7500': 'forklift',
  '4250': 'forklift',
  GLP050: 'forklift',
  NR035: 'forklift',
  ERP030: 'forklift',
  S50FT: 'forklift',
  H50FT: 'forklift',
  E50XN: 'forklift',
  '8FGCU25': 'forklift',
  '7FBEU15': 'forklift',
  'EFG 216': 'forklift',
  SWE120: 'stacker',
  PDS: 'stacker',
  SL: 'lift-table',
  C25: 'forklift',
  CGP25: 'forklift',
  GC25K: 'forklift',
  NR4500: 'forklift',
  EP16: 'forklift',
  FGC25N: 'forklift',
  FBC25N: 'forklift',
  CPJ02A25: 'forklift',
  MP1F2A25: 'forklift',
  BX50: 'forklift',
  FG25T: 'forklift',
  FB15: 'forklift',
  FG30: 'forklift',
  G25E: 'forklift',
  D30S: 'forklift',
  BC25S: 'forklift',
  '25L-7A': 'forklift',
  '50DA-9': 'forklift',
  '20BT-9': 'forklift',
  H25: 'forklift',
  E20: 'forklift',
  RX20: 'forklift',
  'FM-X': 'forklift',
  FBRM: 'forklift',
  FB15P: 'forklift',
  FBT: 'forklift',
  RX40: 'stacker',
  'EZ-Off': 'lift-table',
  SPN15: 'stacker',
  F4: 'forklift',
  CPD25: 'forklift',
  A4W: 'forklift',
  CPQD25: 'forklift',
  CPD30: 'forklift',
};

const TYPE_NAMES: Readonly<Record<MachineType, string>> = {
  'pallet-jack': 'pallet jack',
  forklift: 'forklift',
  stacker: 'stacker',
  'lift-table': 'lift table',
};

/**
 * How the brands whose plates the demo imitates write their serials; the others use the
 * common shape (DEFAULT_SERIAL_FORMAT). Patterns match a compacted serial (compactSerial).
 */
const SERIAL_FORMATS: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  // A plant digit and letter, then six digits: 1A234567.
  Crown: { pattern: /^(?<prefix>\d{1,2}[A-Z])(?<number>\d{6})$/, example: '1A234567' },
  // Model, year, sequence: 102-15-12345 (the sequence counts within a model and year).
  Raymond: { pattern: /^(?<prefix>\d{3}\d{2})(?<number>\d{5})$/, example: '102-15-12345' },
  // Plant letter, design series, model letter, sequence, year letter: A875B12345C.
  Yale: {
    pattern: /^(?<prefix>[A-Z]\d{3}[A-Z])(?<number>\d{5})(?<suffix>[A-Z])$/,
    example: 'A875B12345C',
  },
  Hyster: {
    pattern: /^(?<prefix>[A-Z]\d{3}[A-Z])(?<number>\d{5})(?<suffix>[A-Z])$/,
    example: 'C187V12345P',
  },
  // The model and five digits, the model often left off the plate's serial field: 8FGCU25-12345.
  Toyota: {
    pattern: /^(?<prefix>(?:\d[A-Z]{2,5}\d{2,3})?)(?<number>\d{5})$/,
    example: '8FGCU25-12345',
  },
};

/** The brand's serial format (its own, or the common shape with an example of its letters). */
export function serialFormatOf(brand: string): DemoSerialFormat {
  const own = SERIAL_FORMATS[brand];
  if (own) return { brand, pattern: own.pattern.source, example: own.example };
  const letters =
    compactSerial(brand)
      .replace(/[^A-Z]/g, '')
      .slice(0, 2) || 'SN';
  return { brand, pattern: DEFAULT_SERIAL_FORMAT.pattern.source, example: `${letters}123456` };
}

/**
 * Other names a model goes by besides its code, as dealers and parts manuals write them. The
 * search compacts spaces, hyphens and dots, so 'PTH 50' needs no entry; a capacity or
 * generation suffix does.
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  PTH50: ['PTH50-20', 'PTH50-23'],
  '102T': ['102T-F45L'],
  MPB040: ['MPB040-E', 'MPB040-EN24T2748'],
  W40Z: ['W40ZA', 'W40ZHD'],
  '8FGCU25': ['8FG25'],
  '7HBW30': ['7HBW30-48'],
  'EJE 116': ['EJE116i'],
  GLP050: ['GLP050VX'],
};

/** A model's names: its code first, then its other names. */
export const aliasesOf = (code: string): string[] => [code, ...(ALIASES[code] ?? [])];

/** Every seeded model, brand by brand in the order of BRANDS. */
export function demoModels(): DemoModel[] {
  return BRANDS.flatMap((brand) =>
    brand.models.map((code) => {
      const machineType = NOT_PALLET_JACKS[code] ?? 'pallet-jack';
      return {
        brand: brand.name,
        code,
        handle: slugify(code),
        name: `${brand.name} ${code} ${TYPE_NAMES[machineType]}`,
        series: code.match(/^[A-Za-z]+/)?.[0]?.toUpperCase() ?? '',
        machineType,
        aliases: aliasesOf(code),
      };
    }),
  );
}

/** A model's id by brand and code, as writeMachines stored it. */
export type ModelIds = ReadonlyMap<string, number>;
const modelKey = (brand: string, code: string) => `${brand}\u0000${code}`;

/**
 * Writes the demo models, their names (compacted, as lookups read them) and every brand's
 * serial format; returns the models' ids by brand and code.
 */
export function writeMachines(db: Database): ModelIds {
  const insertModel = db.prepare(
    `INSERT INTO machine_models
       (brand, brand_handle, code, handle, name, series, machine_type, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const insertKey = db.prepare(
    'INSERT OR IGNORE INTO machine_model_keys (model_id, key, alias) VALUES (?, ?, ?)',
  );
  const insertFormat = db.prepare(
    'INSERT INTO serial_formats (brand, pattern, example) VALUES (?, ?, ?)',
  );
  const stamp = new Date(DEMO_EPOCH).toISOString();
  const ids = new Map<string, number>();
  for (const model of demoModels()) {
    const { id } = insertModel.get(
      model.brand,
      slugify(model.brand),
      model.code,
      model.handle,
      model.name,
      model.series,
      model.machineType,
      stamp,
      stamp,
    ) as { id: number };
    ids.set(modelKey(model.brand, model.code), id);
    for (const alias of model.aliases) insertKey.run(id, compactSerial(alias), alias);
  }
  for (const brand of BRANDS) {
    const format = serialFormatOf(brand.name);
    insertFormat.run(format.brand, format.pattern, format.example);
  }
  return ids;
}

/** Where a wheel goes, from what its title calls it ('' for other parts). */
const wheelPosition = (part: string): string =>
  /\bsteer\b/i.test(part) ? 'steer wheel' : /\bload\b/i.test(part) ? 'load wheel' : '';

/** One fitment row as the seed writes it. */
export interface DemoFitmentRow {
  modelId: number;
  serialFrom: string | null;
  serialTo: string | null;
  position: string;
  quantity: number;
}

/**
 * A demo product's fitment, from what its page says of it (server/seed/fit.ts): a row for
 * each model its title or description names, some of them for a serial range in the brand's
 * own format; a charger fits every machine its plug fits (universal);
 * anything else that names no model has no fitment data, as real catalogues have gaps.
 */
export function demoFitment(
  fit: Pick<PartFit, 'kind' | 'part' | 'brand' | 'models'>,
  index: number,
  ids: ModelIds,
): { universal: boolean; rows: DemoFitmentRow[] } {
  // A charger fits by its voltage and plug, whatever the machine's model.
  if (fit.kind === 'charger') return { universal: true, rows: [] };
  if (fit.models.length === 0) return { universal: false, rows: [] };
  const example = serialFormatOf(fit.brand).example;
  const rows = fit.models.flatMap((code, at) => {
    const modelId = ids.get(modelKey(fit.brand, code));
    if (modelId === undefined) return [];
    // Every fourth product's first model from the example serial on, every twelfth up to it.
    const ranged = at === 0 && index % 4 === 0;
    return [
      {
        modelId,
        serialFrom: ranged && index % 12 !== 0 ? example : null,
        serialTo: ranged && index % 12 === 0 ? example : null,
        position: wheelPosition(fit.part),
        // A pallet jack runs on a pair of load wheels.
        quantity: wheelPosition(fit.part) === 'load wheel' ? 2 : 1,
      },
    ];
  });
  return { universal: false, rows };
}
