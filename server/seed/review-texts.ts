/**
 * Words for the demo's product reviews and site reviews: short, plausible texts of the kind
 * buyers of material-handling parts leave, grouped by star rating.
 */
export const REVIEW_TEXTS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly [string, string][]>> = {
  5: [
    [
      'Perfect fit',
      'Dropped right in on our pallet jack. Same as the original, half the dealer price.',
    ],
    [
      'Exactly as described',
      'Part number matched, arrived in two days, and the truck is back in service.',
    ],
    [
      'Great quality',
      'Better build than the one that came off. The bearings were already pressed in.',
    ],
    ['Fast shipping', 'Ordered before noon and it shipped the same day. Will order again.'],
    ['Saved us a service call', 'Our mechanic installed it in twenty minutes. No leaks since.'],
    [
      'Good value',
      'We replaced the whole fleet set with these and they are holding up fine after six months.',
    ],
    [
      'Highly recommend',
      'Customer service confirmed the fit from our serial number before I ordered.',
    ],
    ['Works like new', 'The jack lifts smoothly again. Should have replaced this a long time ago.'],
  ],
  4: [
    ['Good part', 'Fit well. Packaging could be better but nothing was damaged.'],
    ['Solid replacement', 'Works as expected. Took a little persuasion to get the axle through.'],
    ['Does the job', 'Quality is fine for the price. Instructions would have helped.'],
    ['Pretty good', 'Arrived a day later than promised but the part itself is great.'],
    ['Happy overall', 'Slightly different colour than the original; works perfectly.'],
    ['Would buy again', 'Good fit on our older unit. Took one star off for the freight cost.'],
  ],
  3: [
    ['Okay', 'It fits, but the finish is rougher than the OEM part.'],
    ['Average', 'Works, though we had to reuse the old retaining clip.'],
    ['Fine for now', 'Does what it should. Time will tell how long it lasts.'],
    ['Mixed feelings', 'Part was right, shipping box was crushed. Support sorted it out.'],
  ],
  2: [
    ['Not quite right', 'Needed a spacer to fit our model. Check the dimensions carefully.'],
    ['Wore quickly', 'Started to show wear after a couple of months of two-shift use.'],
    ['Slow to arrive', 'The part is okay but it took over a week to get here.'],
  ],
  1: [
    ['Wrong size', 'Did not fit our truck even though the listing said it would. Returned it.'],
    ['Leaked', 'Seal failed within a week. The replacement they sent has been fine so far.'],
    ['Disappointed', 'Arrived damaged. Refund was quick, at least.'],
  ],
};

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
