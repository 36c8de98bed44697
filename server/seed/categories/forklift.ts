import { leaf, type CategoryNode } from '../category-node.ts';

/** The demo catalogue's forklift department. */
export const FORKLIFT_PARTS: CategoryNode = {
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
};
