import { leaf, type CategoryNode } from '../category-node.ts';

/** The demo catalogue's department for the other machines: stackers and lift tables. */
export const MATERIAL_HANDLING: CategoryNode = {
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
};
