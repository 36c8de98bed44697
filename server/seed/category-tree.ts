/** The demo catalogue's category tree and part kinds (data only). */
import { BRANDS, brandCollectionHandle } from './brands.ts';

/** The picture kinds the media routes draw (`/api/media/products/{kind}-{n}.svg`). */
export const PART_KINDS = [
  'wheel',
  'seal-kit',
  'pump',
  'handle',
  'chain',
  'bearing',
  'battery',
  'charger',
  'axle',
  'pin',
  'brake',
  'fork',
  'roller',
  'cylinder',
  'switch',
  'controller',
  'horn',
  'light',
  'seat',
  'tire',
  'filter',
  'part',
] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** A node of the demo category tree; leaves say what kind of part they hold. */
export interface CategoryNode {
  handle: string;
  title: string;
  featured?: boolean;
  /** Leaves only: the part kind, the nouns used in titles, and the leaf's share of products. */
  kind?: PartKind;
  nouns?: readonly string[];
  weight?: number;
  children?: readonly CategoryNode[];
}

const leaf = (
  handle: string,
  title: string,
  kind: PartKind,
  nouns: readonly string[],
  weight = 2,
  featured = false,
): CategoryNode => ({ handle, title, kind, nouns, weight, featured });

/**
 * The category tree (three levels; spec storefront 2, "child categories ... LEVEL 2").
 * `pallet-jack-parts` is linked from the product page's bottom banner and the featured tile.
 */
export const CATEGORY_TREE: readonly CategoryNode[] = [
  {
    handle: 'pallet-jack-parts',
    title: 'Pallet Jack Parts',
    featured: true,
    children: [
      {
        handle: 'pallet-jack-wheels',
        title: 'Pallet Jack Wheels',
        children: [
          leaf(
            'pallet-jack-load-wheels',
            'Load Wheels',
            'wheel',
            ['Load Wheel', 'Load Roller', 'Tandem Load Wheel Assembly'],
            8,
            true,
          ),
          leaf(
            'pallet-jack-steer-wheels',
            'Steer Wheels',
            'wheel',
            ['Steer Wheel', 'Steer Wheel Assembly'],
            6,
          ),
          leaf(
            'pallet-jack-entry-rollers',
            'Entry & Exit Rollers',
            'roller',
            ['Entry Roller', 'Exit Roller'],
            2,
          ),
        ],
      },
      {
        handle: 'pallet-jack-hydraulics',
        title: 'Pallet Jack Hydraulics',
        children: [
          leaf(
            'pallet-jack-seal-kits',
            'Pallet Jack Seal Kits',
            'seal-kit',
            ['Seal Kit', 'Pump Seal Kit', 'Cylinder Seal Kit'],
            6,
            true,
          ),
          leaf(
            'pallet-jack-pumps',
            'Pallet Jack Pumps',
            'pump',
            ['Hydraulic Pump Assembly', 'Pump Unit', 'Pump Cylinder'],
            3,
          ),
          leaf(
            'pallet-jack-release-valves',
            'Release Valves',
            'part',
            ['Release Valve', 'Valve Cartridge', 'Check Valve'],
            2,
          ),
        ],
      },
      {
        handle: 'pallet-jack-handles',
        title: 'Handles & Controls',
        children: [
          leaf(
            'pallet-jack-handle-assemblies',
            'Handle Assemblies',
            'handle',
            ['Complete Handle Assembly', 'Handle Grip', 'Control Handle'],
            3,
          ),
          leaf(
            'pallet-jack-control-chains',
            'Control Chains & Linkages',
            'chain',
            ['Control Chain', 'Release Chain', 'Linkage Rod'],
            2,
          ),
        ],
      },
      {
        handle: 'pallet-jack-axles-pins',
        title: 'Axles, Pins & Bushings',
        children: [
          leaf(
            'pallet-jack-axles',
            'Axles',
            'axle',
            ['Load Wheel Axle', 'Steer Wheel Axle', 'Fork Roller Axle'],
            3,
          ),
          leaf(
            'pallet-jack-pins',
            'Pins & Bushings',
            'pin',
            ['Pivot Pin', 'Push Rod Pin', 'Roll Pin Set', 'Bushing'],
            3,
          ),
        ],
      },
      leaf(
        'pallet-jack-bearings',
        'Pallet Jack Bearings',
        'bearing',
        ['Ball Bearing', 'Thrust Bearing', 'Needle Bearing'],
        3,
      ),
    ],
  },
  {
    handle: 'forklift-parts',
    title: 'Forklift Parts',
    featured: true,
    children: [
      {
        handle: 'forklift-hydraulics',
        title: 'Forklift Hydraulics',
        children: [
          leaf(
            'forklift-seal-kits',
            'Seal Kits',
            'seal-kit',
            ['Tilt Cylinder Seal Kit', 'Lift Cylinder Seal Kit', 'Steering Cylinder Seal Kit'],
            4,
            true,
          ),
          leaf(
            'forklift-hydraulic-cylinders',
            'Hydraulic Cylinders',
            'cylinder',
            ['Tilt Cylinder', 'Lift Cylinder', 'Steering Cylinder'],
            2,
          ),
          leaf(
            'forklift-hydraulic-pumps',
            'Hydraulic Pumps',
            'pump',
            ['Hydraulic Gear Pump', 'Power Steering Pump'],
            2,
          ),
          leaf(
            'forklift-hydraulic-filters',
            'Hydraulic Filters',
            'filter',
            ['Hydraulic Filter', 'Return Filter', 'Suction Strainer'],
            2,
          ),
        ],
      },
      {
        handle: 'forklift-mast-forks',
        title: 'Mast & Forks',
        children: [
          leaf(
            'forklift-forks',
            'Forks',
            'fork',
            ['Class II Fork', 'Class III Fork', 'Fork Extension'],
            2,
          ),
          leaf(
            'forklift-mast-rollers',
            'Mast Rollers',
            'roller',
            ['Mast Roller', 'Side Roller', 'Carriage Roller'],
            3,
          ),
          leaf(
            'forklift-lift-chains',
            'Lift Chains',
            'chain',
            ['Leaf Lift Chain', 'Chain Anchor Bolt'],
            2,
          ),
        ],
      },
      {
        handle: 'forklift-brakes',
        title: 'Brakes',
        children: [
          leaf(
            'forklift-brake-shoes',
            'Brake Shoes & Pads',
            'brake',
            ['Brake Shoe Set', 'Brake Pad Kit', 'Brake Lining'],
            2,
          ),
          leaf(
            'forklift-brake-hardware',
            'Brake Hardware',
            'brake',
            ['Brake Master Cylinder', 'Wheel Cylinder', 'Brake Adjuster Kit'],
            2,
          ),
        ],
      },
      {
        handle: 'forklift-electrical',
        title: 'Forklift Electrical',
        children: [
          leaf(
            'forklift-switches',
            'Switches',
            'switch',
            ['Key Switch', 'Emergency Stop Switch', 'Micro Switch', 'Direction Switch'],
            3,
          ),
          leaf(
            'forklift-controllers',
            'Motor Controllers',
            'controller',
            ['Motor Controller', 'Traction Controller', 'Pump Controller'],
            2,
          ),
          leaf('forklift-horns', 'Horns', 'horn', ['Horn', 'Horn Button'], 1),
          leaf(
            'forklift-lights',
            'Lights',
            'light',
            ['LED Work Light', 'Safety Spot Light', 'Strobe Light'],
            2,
          ),
        ],
      },
      {
        handle: 'forklift-tires-wheels',
        title: 'Forklift Tires & Wheels',
        children: [
          leaf(
            'forklift-cushion-tires',
            'Cushion Tires',
            'tire',
            ['Press-On Cushion Tire', 'Non-Marking Cushion Tire'],
            2,
          ),
          leaf(
            'forklift-pneumatic-tires',
            'Pneumatic Tires',
            'tire',
            ['Pneumatic Tire', 'Solid Pneumatic Tire'],
            2,
          ),
          leaf(
            'forklift-drive-wheels',
            'Drive Wheels',
            'wheel',
            ['Drive Wheel', 'Drive Tire and Hub'],
            2,
          ),
        ],
      },
      {
        handle: 'forklift-cab',
        title: 'Cab & Seating',
        children: [
          leaf(
            'forklift-seats',
            'Seats',
            'seat',
            ['Suspension Seat', 'Vinyl Seat', 'Seat Belt Kit'],
            1,
          ),
        ],
      },
      {
        handle: 'forklift-engine',
        title: 'Engine Parts',
        children: [
          leaf(
            'forklift-engine-filters',
            'Engine Filters',
            'filter',
            ['Oil Filter', 'Air Filter', 'Fuel Filter'],
            2,
          ),
          leaf(
            'forklift-ignition-fuel',
            'Ignition & Fuel',
            'part',
            ['Spark Plug Set', 'LPG Regulator', 'Fuel Pump'],
            1,
          ),
        ],
      },
    ],
  },
  {
    handle: 'batteries-chargers',
    title: 'Batteries & Chargers',
    featured: true,
    children: [
      {
        handle: 'batteries',
        title: 'Batteries',
        children: [
          leaf(
            'forklift-batteries',
            'Forklift Batteries',
            'battery',
            ['Forklift Battery', 'Industrial Battery'],
            2,
            true,
          ),
          leaf(
            'pallet-jack-batteries',
            'Pallet Jack Batteries',
            'battery',
            ['Pallet Jack Battery', 'AGM Battery'],
            2,
          ),
        ],
      },
      {
        handle: 'chargers',
        title: 'Chargers',
        children: [
          leaf(
            'forklift-chargers',
            'Forklift Chargers',
            'charger',
            ['Battery Charger', 'High-Frequency Charger'],
            1,
          ),
          leaf(
            'pallet-jack-chargers',
            'Pallet Jack Chargers',
            'charger',
            ['On-Board Charger', 'Battery Charger'],
            1,
          ),
        ],
      },
      {
        handle: 'battery-accessories',
        title: 'Battery Accessories',
        children: [
          leaf(
            'battery-connectors-cables',
            'Connectors & Cables',
            'part',
            ['Battery Connector', 'Battery Cable', 'Watering Kit'],
            1,
          ),
        ],
      },
    ],
  },
  {
    handle: 'material-handling',
    title: 'Material Handling Equipment Parts',
    children: [
      {
        handle: 'walkie-stacker-parts',
        title: 'Walkie Stacker Parts',
        children: [
          leaf('stacker-wheels', 'Stacker Wheels', 'wheel', ['Load Wheel', 'Caster Wheel'], 2),
          leaf(
            'stacker-hydraulics',
            'Stacker Hydraulics',
            'cylinder',
            ['Lift Cylinder', 'Cylinder Rebuild Kit'],
            1,
          ),
        ],
      },
      {
        handle: 'lift-table-parts',
        title: 'Lift Table Parts',
        children: [
          leaf(
            'lift-table-cylinders',
            'Lift Table Cylinders',
            'cylinder',
            ['Lift Cylinder', 'Ram Cylinder'],
            1,
          ),
          leaf(
            'lift-table-rollers',
            'Lift Table Rollers',
            'roller',
            ['Scissor Roller', 'Guide Roller'],
            1,
          ),
        ],
      },
    ],
  },
  {
    // Every product is also filed under its brand here (products.ts), as parts stores shop by
    // make. Its ~30 children are more than the 21 a collection page shows before 'View More'
    // (spec storefront 9), so even the smallest demo catalogue has that case.
    handle: 'parts-by-brand',
    title: 'Parts by Brand',
    children: BRANDS.map((brand) => ({
      handle: brandCollectionHandle(brand.name),
      title: `${brand.name} Parts`,
    })),
  },
];
