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

/** A brand's row: name, weight, part number patterns and models, in Brand's field order. */
const brand = (
  name: string,
  weight: number,
  partNumber: readonly string[],
  models: readonly string[],
): Brand => ({ name, partNumber, models, weight });

export const BRANDS: readonly Brand[] = [
  brand('Crown', 12, ['#####-###'], ['PTH50', 'PE4500', 'WP3000', 'RR5700', 'SC4000']),
  brand('Raymond', 4, ['#-###-###/###', '#-###-###'], ['8210', '102T', '7500', '4250', 'PR']),
  brand('Yale', 6, ['5800#####', '5200#####'], ['MPB040', 'GLP050', 'NR035', 'ERP030']),
  brand('Hyster', 6, ['1######', '3######'], ['S50FT', 'H50FT', 'E50XN', 'W40Z']),
  brand(
    'Toyota',
    6,
    ['00590-#####-71', '#####-#####-71'],
    ['8FGCU25', '7FBEU15', '8HBW23', '7HBW30'],
  ),
  brand('Jungheinrich', 3, ['500#####', '510#####'], ['EJE 116', 'ERE 225', 'EFG 216']),
  brand('BT', 4, ['1#####', '2#####'], ['LWE130', 'LHM230', 'SWE120']),
  brand('Blue Giant', 3, ['BG-###-###'], ['BGM', 'BG-55', 'PT-50']),
  brand('Big Joe', 3, ['11#####'], ['PDS', 'LPT', 'E30']),
  brand('Multiton', 3, ['MT-##-####'], ['J', 'TM', 'SL']),
  brand('Clark', 4, ['18#####', '29#####'], ['C25', 'CGP25', 'WP30']),
  brand('Caterpillar', 3, ['91A##-#####', '9#A##-#####'], ['GC25K', 'NR4500', 'EP16']),
  brand('Mitsubishi', 3, ['91A##-#####', '9#6##-#####'], ['FGC25N', 'FBC25N', 'PBP30']),
  brand('Nissan', 3, ['#####-L####', '#####-FK###'], ['CPJ02A25', 'MP1F2A25', 'BX50']),
  brand('Komatsu', 3, ['3EB-##-#####', '37B-1##-####'], ['FG25T', 'FB15', 'FG30']),
  brand('Doosan', 3, ['A######', 'D######'], ['G25E', 'D30S', 'BC25S']),
  brand('Hyundai', 2, ['XKAY-#####', 'XBAY-#####'], ['25L-7A', '50DA-9', '20BT-9']),
  brand('Linde', 3, ['000########', '391########'], ['H25', 'E20', 'T20']),
  brand('Still', 2, ['0######', '5######'], ['RX20', 'EXU', 'FM-X']),
  brand('Nichiyu', 2, ['#####-#####'], ['FBRM', 'FB15P', 'FBT']),
  brand('Prime-Mover', 2, ['AG###-####', 'PM-####-#'], ['PMX', 'RX40', 'WP45']),
  brand('Rol-Lift', 2, ['RL-######'], ['PL', 'PM', 'HD']),
  brand('Lift-Rite', 2, ['LR-#####'], ['LR50', 'LR55', 'HD-5000']),
  brand('Bishamon', 2, ['##-####-##'], ['BS55', 'BF40', 'EZ-Off']),
  brand('Vestil', 2, ['PM#-####-@@', 'W-##-####'], ['PM5-2748', 'PM4-2045', 'EPT']),
  brand('Noblelift', 2, ['AC##-#-##', 'NL-#####'], ['AC25', 'PTE15N', 'SPN15']),
  brand('EP Equipment', 2, ['CBD##-####', 'EPL##-###'], ['EPL154', 'F4', 'CBD15W']),
  brand('Hangcha', 2, ['N###-######-###'], ['CPD25', 'A4W', 'CBD20']),
  brand('Heli', 2, ['H####-@@-###'], ['CPQD25', 'CBD15', 'CPD30']),
  brand('Barrett', 1, ['BR-#####'], ['KPJ', 'WR50', 'LT']),
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
