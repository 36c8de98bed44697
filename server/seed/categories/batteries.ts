import { leaf, type CategoryNode } from '../category-node.ts';

/** The demo catalogue's batteries and chargers department. */
export const BATTERIES_CHARGERS: CategoryNode = {
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
};
