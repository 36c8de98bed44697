import type { PartKind } from './category-node.ts';

/** A star rating. */
export type Stars = 1 | 2 | 3 | 4 | 5;

/**
 * A product review the demo can leave: for the kinds of part it names (any part when
 * `kinds` is absent), with {part}, {brand}, {model}, {machine} and {machines} filled from
 * the product (server/seed/fit.ts). A text names no other part, brand or machine, so it
 * fits every product it can land on (server/seed/demo-fit.test.ts).
 */
export interface ReviewTemplate {
  stars: Stars;
  kinds?: readonly PartKind[];
  title: string;
  body: string;
}

const review = (
  stars: Stars,
  title: string,
  body: string,
  kinds?: readonly PartKind[],
): ReviewTemplate => (kinds ? { stars, kinds, title, body } : { stars, title, body });

const ROLLING: readonly PartKind[] = ['wheel', 'roller'];
const TREADED: readonly PartKind[] = ['wheel', 'tire'];
const HYDRAULIC: readonly PartKind[] = ['seal-kit', 'pump', 'cylinder'];
const ELECTRIC: readonly PartKind[] = ['switch', 'controller', 'horn', 'light'];

/**
 * Short, plausible reviews of the kind buyers of material-handling parts leave: those for
 * any part speak of the order, the price and the fit; the others of the part itself.
 */
export const REVIEW_TEMPLATES: readonly ReviewTemplate[] = [
  review(5, 'Perfect fit', 'Same as the original {brand} {part}, half the dealer price.'),
  review(
    5,
    'Exactly as described',
    'Part number matched, arrived in two days, and the {machine} is back in service.',
  ),
  review(5, 'Fast shipping', 'Ordered the {part} before noon and it shipped the same day.'),
  review(
    5,
    'Highly recommend',
    'Customer service confirmed the fit from our serial number before I ordered.',
  ),
  review(5, 'Right part first time', 'Fits our {brand} {model} exactly like the original.'),
  review(5, 'Saved us a dealer visit', 'Our own mechanic fitted it in under an hour.'),
  review(
    5,
    'Rolls like new',
    'The {part} rolls smooth and quiet. Bearings came pressed in.',
    ROLLING,
  ),
  review(
    5,
    'Quiet now',
    'No more thumping across the dock plates since we fitted the {part}.',
    ROLLING,
  ),
  review(5, 'Even wear', 'A year of two-shift use and the {part} is wearing evenly.', ['tire']),
  review(
    5,
    'Smooth again',
    'Everything moves smoothly again, and the {part} has not dripped once.',
    HYDRAULIC,
  ),
  review(5, 'Tread holds up', 'Six months on rough dock plates and the tread shows no chunking.', [
    'wheel',
  ]),
  review(5, 'Great traction', 'Grips well on the wet ramp and runs cooler than the old set.', [
    'tire',
  ]),
  review(
    5,
    'No more leaks',
    'Fitted it on our {machine} in an afternoon. No leaks since.',
    HYDRAULIC,
  ),
  review(
    5,
    'Complete kit',
    'Every seal and O-ring we needed was in the bag, sized like the {brand} originals.',
    ['seal-kit'],
  ),
  review(5, 'Arrived charged', 'The {part} arrived charged and ran a full shift on day one.', [
    'battery',
  ]),
  review(5, 'Longer runtime', 'Our {machines} get through two shifts on a charge now.', [
    'battery',
  ]),
  review(
    5,
    'Set and forget',
    'Shuts off on its own when the battery is full, and the display is easy to read.',
    ['charger'],
  ),
  review(5, 'Plug and play', 'The connector matched and the {part} worked first time.', ELECTRIC),
  review(
    5,
    'Runs like new',
    'The {part} came programmed for our {brand} and the {machine} drives smoothly again.',
    ['controller'],
  ),
  review(5, 'Loud and clear', 'Everyone in the aisle hears it now. Wired in ten minutes.', [
    'horn',
  ]),
  review(5, 'Bright', 'Far brighter than the old lamp, and it survived a winter on the dock.', [
    'light',
  ]),
  review(5, 'Well made', 'Good stitching, and the {part} bolted straight on.', ['seat']),
  review(5, 'Right size', 'Same dimensions as the original and the gasket seated first time.', [
    'filter',
  ]),
  review(5, 'Stops straight', 'The {machine} brakes evenly again. Easy to adjust.', ['brake']),
  review(5, 'Solid forks', 'Straight, heavy, and the heel matches our old pair exactly.', ['fork']),
  review(5, 'Heavy-duty', 'Solid {part}, pre-lubricated and ready to fit.', ['chain']),
  review(5, 'Like new', 'The {part} feels solid and fits the original mounting.', ['handle']),
  review(5, 'Exact match', 'Measured within spec and pressed in without fuss.', ['bearing']),
  review(
    5,
    'Clips included',
    'The retaining clips were in the box, which saved a trip to the store.',
    ['axle'],
  ),
  review(5, 'Snug fit', 'The {part} went in with no play. The plating looks durable.', ['pin']),

  review(4, 'Good part', 'Fit well. Packaging could be better but nothing was damaged.'),
  review(4, 'Does the job', 'Quality is fine for the price. Instructions would have helped.'),
  review(4, 'Pretty good', 'Arrived a day later than promised but the {part} itself is great.'),
  review(
    4,
    'Would buy again',
    'Good fit on our older {brand} {machines}. Took one star off for the freight cost.',
  ),
  review(
    4,
    'Happy overall',
    'Slightly different colour than the original; works perfectly on our {brand} {model}.',
  ),
  review(
    4,
    'Solid replacement',
    'Works as expected. Took a little persuasion to get the axle through.',
    ROLLING,
  ),
  review(
    4,
    'Good tread life',
    'Wearing well on rough concrete. A bit pricier than the last set.',
    TREADED,
  ),
  review(4, 'Works well', 'Holds pressure fine. We had to bleed the air out twice.', HYDRAULIC),
  review(
    4,
    'Heavy but worth it',
    'Freight delivery needed a liftgate; the battery itself is great.',
    ['battery'],
  ),
  review(4, 'Charges overnight', 'Charges our battery overnight. The cord could be longer.', [
    'charger',
  ]),
  review(
    4,
    'Works fine',
    'Direct replacement, though the wire colours differ from the original.',
    ELECTRIC,
  ),
  review(4, 'Good forks', 'Sold individually, so order two. Both were straight and true.', [
    'fork',
  ]),
  review(4, 'Good value', 'Same as the dealer filter for half the price.', ['filter']),

  review(3, 'Okay', 'It fits, but the finish is rougher than the original {brand} part.'),
  review(3, 'Fine for now', 'Does what it should. Time will tell how long it lasts.'),
  review(3, 'Mixed feelings', 'Part was right, shipping box was crushed. Support sorted it out.'),
  review(3, 'Average', 'Rolls fine, though we had to reuse the old retaining clip.', ROLLING),
  review(
    3,
    'Took some fiddling',
    'Works, but it took two tries to stop the weep at the gland.',
    HYDRAULIC,
  ),
  review(3, 'Average runtime', 'Gets us through one shift, not quite the hours we hoped for.', [
    'battery',
  ]),
  review(3, 'Works', 'Works, but the terminals needed crimping on.', ELECTRIC),

  review(2, 'Slow to arrive', 'The {part} is okay but it took over a week to get here.'),
  review(2, 'Not quite right', 'Needed some adjusting to sit right. Measure the old one first.'),
  review(
    2,
    'Wore quickly',
    'The tread started to flat-spot after two months of two-shift use.',
    TREADED,
  ),
  review(2, 'Seeps a little', 'A slow weep at the rod after a month. Holds the load, though.', [
    'cylinder',
  ]),
  review(2, 'Weak cell', 'One cell read low on arrival; it came up after an equalize charge.', [
    'battery',
  ]),

  review(1, 'Disappointed', 'Arrived damaged. Refund was quick, at least.'),
  review(
    1,
    'Wrong one sent',
    'We received a different part number than we ordered. The exchange took a week.',
  ),
  review(
    1,
    'Leaked',
    'A seal failed within a week. The replacement they sent has been fine.',
    HYDRAULIC,
  ),
  review(1, 'Dead on arrival', 'Did not work out of the box. The replacement does.', ELECTRIC),
  review(
    1,
    'Bore undersize',
    'Our axle would not go through without reaming. Returned it.',
    ROLLING,
  ),
];

export const FIRST_NAMES = [
  'Mike',
  'Sarah',
  'Jose',
  'Linda',
  'Dave',
  'Karen',
  'Tom',
  'Maria',
  'Chris',
  'Angela',
  'Robert',
  'Jen',
  'Luis',
  'Pat',
  'Kevin',
  'Nicole',
  'Steve',
  'Tanya',
  'Bill',
  'Rosa',
  'Darnell',
  'Emily',
  'Hector',
  'Megan',
  'Ray',
  'Priya',
  'Greg',
  'Ashley',
  'Tony',
  'Heather',
] as const;

export const LAST_INITIALS = 'ABCDEFGHJKLMNOPRSTVW';

/** Site-review messages; some site reviews carry none (spec: 'No feedback given.'). */
export const SITE_REVIEW_MESSAGES = [
  'Fast shipping and the right part the first time.',
  'Great prices on pallet jack wheels. Will be back.',
  'Customer service helped me find a seal kit from a serial number. Very helpful.',
  'Order arrived a day early. Well packed.',
  'Easy to search by part number.',
  'Better price than our dealer, same part.',
  'Had a return, it was handled quickly and politely.',
  'Good selection of hard-to-find Raymond parts.',
  'Shipping was a bit slow but the part was correct.',
  'Excellent communication from start to finish.',
  'We buy all our forklift filters here now.',
  'The battery arrived charged and ready to go.',
] as const;
