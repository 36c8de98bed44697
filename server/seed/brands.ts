import type { Random } from './random.ts';

/**
 * The ~30 brands of the demo catalogue, each with the shape of its part numbers and a few
 * model names, so titles read like a real parts store.
 */
export interface Brand {
  name: string;
  /** Pattern of a part number: '#' a digit, '@' a capital letter, anything else literal. */
  partNumber: readonly string[];
  /** Truck models the parts fit, used in titles and descriptions. */
  models: readonly string[];
  /** Relative share of the catalogue. */
  weight: number;
}

export const BRANDS: readonly Brand[] = [
  {
    name: 'Crown',
    partNumber: ['#####-###'],
    models: ['PTH50', 'PE4500', 'WP3000', 'RR5700', 'SC4000'],
    weight: 12,
  },
  {
    name: 'Raymond',
    partNumber: ['#-###-###/###', '#-###-###'],
    models: ['8210', '102T', '7500', '4250', 'PR'],
    weight: 4,
  },
  {
    name: 'Yale',
    partNumber: ['5800#####', '5200#####'],
    models: ['MPB040', 'GLP050', 'NR035', 'ERP030'],
    weight: 6,
  },
  {
    name: 'Hyster',
    partNumber: ['1######', '3######'],
    models: ['S50FT', 'H50FT', 'E50XN', 'W40Z'],
    weight: 6,
  },
  {
    name: 'Toyota',
    partNumber: ['00590-#####-71', '#####-#####-71'],
    models: ['8FGCU25', '7FBEU15', '8HBW23', '7HBW30'],
    weight: 6,
  },
  {
    name: 'Jungheinrich',
    partNumber: ['500#####', '510#####'],
    models: ['EJE 116', 'ERE 225', 'EFG 216'],
    weight: 3,
  },
  {
    name: 'BT',
    partNumber: ['1#####', '2#####'],
    models: ['LWE130', 'LHM230', 'SWE120'],
    weight: 4,
  },
  { name: 'Blue Giant', partNumber: ['BG-###-###'], models: ['BGM', 'BG-55', 'PT-50'], weight: 3 },
  { name: 'Big Joe', partNumber: ['11#####'], models: ['PDS', 'LPT', 'E30'], weight: 3 },
  { name: 'Multiton', partNumber: ['MT-##-####'], models: ['J', 'TM', 'SL'], weight: 3 },
  {
    name: 'Clark',
    partNumber: ['18#####', '29#####'],
    models: ['C25', 'CGP25', 'WP30'],
    weight: 4,
  },
  {
    name: 'Caterpillar',
    partNumber: ['91A##-#####', '9#A##-#####'],
    models: ['GC25K', 'NR4500', 'EP16'],
    weight: 3,
  },
  {
    name: 'Mitsubishi',
    partNumber: ['91A##-#####', '9#6##-#####'],
    models: ['FGC25N', 'FBC25N', 'PBP30'],
    weight: 3,
  },
  {
    name: 'Nissan',
    partNumber: ['#####-L####', '#####-FK###'],
    models: ['CPJ02A25', 'MP1F2A25', 'BX50'],
    weight: 3,
  },
  {
    name: 'Komatsu',
    partNumber: ['3EB-##-#####', '37B-1##-####'],
    models: ['FG25T', 'FB15', 'FG30'],
    weight: 3,
  },
  {
    name: 'Doosan',
    partNumber: ['A######', 'D######'],
    models: ['G25E', 'D30S', 'BC25S'],
    weight: 3,
  },
  {
    name: 'Hyundai',
    partNumber: ['XKAY-#####', 'XBAY-#####'],
    models: ['25L-7A', '50DA-9', '20BT-9'],
    weight: 2,
  },
  {
    name: 'Linde',
    partNumber: ['000########', '391########'],
    models: ['H25', 'E20', 'T20'],
    weight: 3,
  },
  { name: 'Still', partNumber: ['0######', '5######'], models: ['RX20', 'EXU', 'FM-X'], weight: 2 },
  { name: 'Nichiyu', partNumber: ['#####-#####'], models: ['FBRM', 'FB15P', 'FBT'], weight: 2 },
  {
    name: 'Prime-Mover',
    partNumber: ['AG###-####', 'PM-####-#'],
    models: ['PMX', 'RX40', 'WP45'],
    weight: 2,
  },
  { name: 'Rol-Lift', partNumber: ['RL-######'], models: ['PL', 'PM', 'HD'], weight: 2 },
  { name: 'Lift-Rite', partNumber: ['LR-#####'], models: ['LR50', 'LR55', 'HD-5000'], weight: 2 },
  { name: 'Bishamon', partNumber: ['##-####-##'], models: ['BS55', 'BF40', 'EZ-Off'], weight: 2 },
  {
    name: 'Vestil',
    partNumber: ['PM#-####-@@', 'W-##-####'],
    models: ['PM5-2748', 'PM4-2045', 'EPT'],
    weight: 2,
  },
  {
    name: 'Noblelift',
    partNumber: ['AC##-#-##', 'NL-#####'],
    models: ['AC25', 'PTE15N', 'SPN15'],
    weight: 2,
  },
  {
    name: 'EP Equipment',
    partNumber: ['CBD##-####', 'EPL##-###'],
    models: ['EPL154', 'F4', 'CBD15W'],
    weight: 2,
  },
  {
    name: 'Hangcha',
    partNumber: ['N###-######-###'],
    models: ['CPD25', 'A4W', 'CBD20'],
    weight: 2,
  },
  { name: 'Heli', partNumber: ['H####-@@-###'], models: ['CPQD25', 'CBD15', 'CPD30'], weight: 2 },
  { name: 'Barrett', partNumber: ['BR-#####'], models: ['KPJ', 'WR50', 'LT'], weight: 1 },
];

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/**
 * A part number in one of the brand's formats.
 * @example partNumber(crown, rng) // '85288-001'
 */
export function partNumber(brand: Brand, rng: Random): string {
  const pattern = rng.pick(brand.partNumber);
  let out = '';
  for (const char of pattern) {
    if (char === '#') out += rng.pick([...DIGITS]);
    else if (char === '@') out += rng.pick([...LETTERS]);
    else out += char;
  }
  return out;
}

/**
 * The handle of a brand's collection under 'Parts by Brand'.
 * @example brandCollectionHandle('Blue Giant') // 'blue-giant-parts'
 */
export const brandCollectionHandle = (name: string): string =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')}-parts`;

const brandWeights = BRANDS.map((brand) => brand.weight);

/** A brand, favouring the big names as a real catalogue does. */
export const pickBrand = (rng: Random): Brand => rng.weighted(BRANDS, brandWeights);
