import { leaf, type CategoryNode } from '../category-node.ts';

/** The demo catalogue's pallet jack department: wheels, hydraulics, handles and the rest. */
export const PALLET_JACK_PARTS: CategoryNode = {
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
};
