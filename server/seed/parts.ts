import type { PartKind } from './category-node.ts';

/**
 * What each part kind looks like in the demo catalogue: price range, the materials and
 * sizes it comes in (which become tag filters and variant options), and spec lines.
 */
export interface KindSpec {
  /** Price range in whole dollars. */
  price: readonly [number, number];
  materials?: readonly string[];
  /** Sizes as shown in titles; `sizeTag` names the tag prefix (e.g. 'Wheel Size'). */
  sizes?: readonly string[];
  sizeTag?: string;
  voltages?: readonly string[];
  /** Extra "prefix_value" tag choices: one value is picked per prefix. */
  extraTags?: Readonly<Record<string, readonly string[]>>;
  /** Plain specification lines for the description. */
  specs: readonly string[];
}

export const KIND_SPECS: Readonly<Record<PartKind, KindSpec>> = {
  wheel: {
    price: [18, 240],
    materials: ['Polyurethane', 'Nylon', 'Rubber'],
    sizes: [
      '3.25 x 3.75',
      '3 x 3.75',
      '2.875 x 3.875',
      '3 x 4',
      '3.25 x 4.25',
      '7 x 2',
      '8 x 2',
      '7 x 1.75',
      '6 x 2',
      '10 x 3',
      '13.5 x 5.5',
    ],
    sizeTag: 'Wheel Size',
    specs: [
      'Precision-pressed sealed bearings included',
      'Load rating matched to OEM',
      'Bonded tread resists chunking',
    ],
  },
  tire: {
    price: [120, 690],
    materials: ['Rubber', 'Non-Marking Rubber', 'Polyurethane'],
    sizes: [
      '16 x 6 x 10.5',
      '18 x 7 x 12.125',
      '21 x 7 x 15',
      '22 x 9 x 16',
      '6.50-10',
      '7.00-12',
      '28 x 9-15',
    ],
    sizeTag: 'Tire Size',
    specs: ['Press-on fit for standard bands', 'High-load compound', 'Long-wear tread'],
  },
  roller: {
    price: [15, 180],
    materials: ['Steel', 'Polyurethane', 'Nylon'],
    sizes: ['2.75', '3.25', '3.5', '4.75'],
    sizeTag: 'Roller Diameter',
    specs: ['Hardened steel bearing race', 'Sealed for dusty environments'],
  },
  'seal-kit': {
    price: [12, 95],
    materials: ['Nitrile', 'Viton', 'Polyurethane'],
    specs: [
      'All O-rings, wipers and back-up rings included',
      'Rebuilds one cylinder or pump',
      'Compatible with standard hydraulic fluid',
    ],
  },
  pump: {
    price: [180, 1450],
    extraTags: { 'Pump Type': ['Gear', 'Piston', 'Manual'] },
    specs: ['Ships filled and bench-tested', 'Includes mounting gaskets'],
  },
  handle: {
    price: [65, 420],
    extraTags: { Color: ['Black', 'Red', 'Yellow'] },
    specs: ['Powder-coated steel', 'Ergonomic grip', 'Control lever pre-assembled'],
  },
  chain: {
    price: [9, 380],
    sizes: ['BL534', 'BL634', 'LH1023', 'LH1623', '#40', '#50'],
    sizeTag: 'Chain Size',
    specs: ['Heat-treated alloy steel plates', 'Pre-lubricated', 'Proof-tested'],
  },
  bearing: {
    price: [6, 85],
    sizes: ['6204-2RS', '6205-2RS', '6305-ZZ', '6206-2RS', '30206', 'NA4905'],
    sizeTag: 'Bearing Number',
    extraTags: { 'Bearing Type': ['Ball', 'Tapered Roller', 'Needle'] },
    specs: ['Double-sealed', 'Pre-greased for life'],
  },
  battery: {
    price: [160, 6200],
    voltages: ['12V', '24V', '36V', '48V', '80V'],
    extraTags: {
      Chemistry: ['Lead Acid', 'AGM', 'Lithium-Ion'],
      Capacity: ['85 Ah', '150 Ah', '420 Ah', '750 Ah'],
    },
    specs: ['Ships charged', 'Includes connector', 'Freight delivery, liftgate available'],
  },
  charger: {
    price: [140, 3200],
    voltages: ['12V', '24V', '36V', '48V'],
    extraTags: { 'Output Current': ['10 A', '25 A', '60 A', '100 A'] },
    specs: ['Automatic shut-off', 'Temperature-compensated', 'Fault indicator lights'],
  },
  axle: {
    price: [14, 160],
    sizes: ['20 mm', '25 mm', '30 mm', '35 mm'],
    sizeTag: 'Axle Diameter',
    specs: ['Hardened and ground', 'Includes retaining clips'],
  },
  pin: {
    price: [4, 60],
    sizes: ['12 mm', '16 mm', '20 mm', '25 mm'],
    sizeTag: 'Pin Diameter',
    specs: ['Zinc-plated steel', 'Sold individually unless stated'],
  },
  brake: {
    price: [28, 340],
    extraTags: { Position: ['Left', 'Right', 'Pair'] },
    specs: ['Asbestos-free lining', 'Direct OEM fit'],
  },
  fork: {
    price: [260, 1400],
    sizes: ['36', '42', '48', '60', '72'],
    sizeTag: 'Fork Length',
    extraTags: { 'Fork Class': ['Class II', 'Class III'] },
    specs: ['Forged steel', 'Sold individually', 'Meets ANSI/ITSDF B56.1'],
  },
  cylinder: {
    price: [150, 1900],
    extraTags: { 'Cylinder Type': ['Single-Acting', 'Double-Acting'] },
    specs: ['Chromed rod', 'New seals installed', 'Pressure-tested'],
  },
  switch: {
    price: [8, 120],
    voltages: ['12V', '24V', '36V', '48V'],
    specs: ['Sealed contacts', 'Direct replacement'],
  },
  controller: {
    price: [320, 2400],
    voltages: ['24V', '36V', '48V', '80V'],
    specs: ['Programmed for your truck', 'Core charge may apply'],
  },
  horn: {
    price: [12, 90],
    voltages: ['12V', '24V', '36V', '48V'],
    specs: ['105 dB', 'Weather-resistant housing'],
  },
  light: {
    price: [25, 260],
    voltages: ['12-80V', '12-48V', '24V'],
    extraTags: { Color: ['Blue', 'Red', 'White', 'Amber'] },
    specs: ['LED, 50,000-hour life', 'Vibration-resistant mount'],
  },
  seat: {
    price: [140, 780],
    materials: ['Vinyl', 'Cloth'],
    specs: ['Adjustable suspension', 'Hip restraint compatible', 'Seat switch included'],
  },
  filter: {
    price: [7, 110],
    extraTags: { 'Filter Type': ['Spin-On', 'Cartridge', 'Inline'] },
    specs: ['High-efficiency media', 'OEM-equivalent fit'],
  },
  part: {
    price: [5, 450],
    specs: ['Direct replacement for the original part', 'Inspected before shipping'],
  },
};

/** Short word for a material in titles ("Poly Load Wheel"), as parts catalogues write it. */
export const shortMaterial = (material: string): string =>
  material === 'Polyurethane' ? 'Poly' : material;

/** Unit after a size in a title ('3.25 x 3.75' -> '3.25 x 3.75 in.'). */
export function sizeLabel(kind: PartKind, size: string): string {
  if (kind === 'wheel' || kind === 'roller' || kind === 'fork') return `${size} in.`;
  return size;
}

/**
 * Tag filters for a size (spec storefront 5, tag filters prefix_value), e.g. a wheel of
 * '3.25 x 3.75' gives 'Wheel Diameter_3.25 in' and 'Wheel Width_3.75 in'.
 */
export function sizeTags(kind: PartKind, size: string, spec: KindSpec): string[] {
  if (kind === 'wheel') {
    const [diameter, width] = size.split(' x ');
    return [`Wheel Diameter_${diameter ?? size} in`, ...(width ? [`Wheel Width_${width} in`] : [])];
  }
  if (kind === 'roller' || kind === 'fork') return [`${spec.sizeTag ?? 'Size'}_${size} in`];
  return [`${spec.sizeTag ?? 'Size'}_${size}`];
}
