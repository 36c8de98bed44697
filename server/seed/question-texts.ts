import type { PartKind } from './category-node.ts';

/**
 * A question a shopper asks on a product page (spec storefront 2: the Q&A block): for the
 * kinds of part it names (any part when `kinds` is absent), with {part}, {brand}, {model},
 * {machine} and {machines} filled from the product (server/seed/fit.ts), so a question about
 * a Crown PTH50 lands only on a part that fits one. An empty answer is a
 * question not answered yet.
 */
export interface QuestionTemplate {
  /** Id of one of QUESTION_TOPICS (server/seed/pages.ts). */
  topic: number;
  kinds?: readonly PartKind[];
  title: string;
  body: string;
  answer: string;
}

const COMPATIBILITY = 1;
const INSTALLATION = 2;
const ORDERS = 3;
const SPECIFICATIONS = 4;

const ask = (
  topic: number,
  [title, body, answer]: readonly [string, string, string],
  kinds?: readonly PartKind[],
): QuestionTemplate =>
  kinds ? { topic, kinds, title, body, answer } : { topic, title, body, answer };

const HYDRAULIC: readonly PartKind[] = ['seal-kit', 'pump', 'cylinder'];

/** Questions asked about one product. */
export const PRODUCT_QUESTIONS: readonly QuestionTemplate[] = [
  ask(COMPATIBILITY, [
    'Will this fit a {brand} {model}?',
    'Our {machine} was built in 2015.',
    '<p>Yes, this {part} fits the {brand} {model}.</p>',
  ]),
  ask(COMPATIBILITY, [
    'Is this compatible with our {brand} {model}?',
    'We have several from 2010.',
    '',
  ]),
  ask(COMPATIBILITY, [
    'Does this replace the original {brand} part number?',
    'The old {part} has a different suffix.',
    '<p>It does: {brand} superseded the old number with this one.</p>',
  ]),
  ask(COMPATIBILITY, [
    'Will this work on a {brand} {model}?',
    '',
    '<p>Yes, it is listed for the {model}.</p>',
  ]),
  ask(
    COMPATIBILITY,
    [
      'Fits a {brand} {model}?',
      'Need to replace both sides.',
      '<p>Yes, and we recommend replacing both at once.</p>',
    ],
    ['wheel', 'tire', 'brake', 'fork'],
  ),
  ask(
    INSTALLATION,
    [
      'How hard is this {part} to install?',
      'We do our own maintenance.',
      '<p>About an hour with basic hand tools.</p>',
    ],
    ['wheel', 'roller', 'seal-kit', 'handle', 'bearing', 'axle', 'pin', 'switch', 'horn', 'light'],
  ),
  ask(INSTALLATION, ['Are instructions included with the {part}?', '', '']),
  ask(
    INSTALLATION,
    [
      'Do I need to bleed the hydraulics after?',
      '',
      '<p>Yes: cycle the {machine} a few times without a load to purge the air.</p>',
    ],
    HYDRAULIC,
  ),
  ask(
    INSTALLATION,
    ['Does it come with bearings installed?', '', '<p>Bearings come pressed in.</p>'],
    ['wheel'],
  ),
  ask(
    INSTALLATION,
    ['Which grease should I use?', 'For the {part}.', '<p>A lithium-based EP2 grease.</p>'],
    ['wheel', 'roller', 'bearing', 'axle'],
  ),
  ask(
    INSTALLATION,
    [
      'Can we lift it with our hoist?',
      'No battery stand here.',
      '<p>Use a lifting beam rated for the weight on the label; never lift by the cables.</p>',
    ],
    ['battery'],
  ),
  ask(
    INSTALLATION,
    [
      'Does it come programmed?',
      'We still have the old one.',
      '<p>Yes: send us the serial number of your {machine} and we program it before it ships.</p>',
    ],
    ['controller'],
  ),
  ask(
    INSTALLATION,
    [
      'Does it bolt to the original mounting?',
      '',
      '<p>Yes, it uses the original mounting points.</p>',
    ],
    ['seat', 'handle'],
  ),
  ask(ORDERS, [
    'Can this ship today?',
    'Our {machine} is down.',
    '<p>If it is in stock and ordered before 3 PM Eastern, yes.</p>',
  ]),
  ask(ORDERS, [
    'Is there a discount for 20 of these?',
    'Fleet of 40 {machines}.',
    '<p>Yes, please ask for a bulk quote.</p>',
  ]),
  ask(ORDERS, ['Can I pick it up?', '', '']),
  ask(
    ORDERS,
    [
      'Does this ship by freight?',
      'We have no loading dock.',
      '<p>Yes: batteries ship by freight; add a liftgate at checkout.</p>',
    ],
    ['battery'],
  ),
  ask(SPECIFICATIONS, [
    'Is this OEM or aftermarket?',
    '',
    '<p>A quality {part} made to the {brand} specification.</p>',
  ]),
  ask(
    SPECIFICATIONS,
    ['What is the durometer of the tread?', '', '<p>95A on polyurethane treads.</p>'],
    ['wheel'],
  ),
  ask(SPECIFICATIONS, ['What is the bore size?', '', '<p>20 mm.</p>'], ['wheel', 'roller']),
  ask(
    SPECIFICATIONS,
    ['Is this the non-marking version of the {part}?', '', ''],
    ['wheel', 'tire'],
  ),
  ask(
    SPECIFICATIONS,
    ['What is the load rating?', 'Per wheel.', '<p>2,200 lb per wheel.</p>'],
    ['wheel'],
  ),
  ask(
    SPECIFICATIONS,
    ['What is the capacity of a pair?', '', '<p>4,000 lb at a 24 in. load centre.</p>'],
    ['fork'],
  ),
  ask(
    SPECIFICATIONS,
    ['Does the kit include the O-rings?', '', '<p>Yes: all O-rings, wipers and back-up rings.</p>'],
    ['seal-kit'],
  ),
  ask(
    SPECIFICATIONS,
    ['Does it come filled?', '', '<p>Yes, it ships filled and bench-tested.</p>'],
    ['pump'],
  ),
  ask(
    SPECIFICATIONS,
    ['Is it pressure-tested?', '', '<p>Yes, every one is tested with new seals installed.</p>'],
    ['cylinder'],
  ),
  ask(
    SPECIFICATIONS,
    [
      'How long does a charge last?',
      'Two shifts a day.',
      '<p>A full shift at normal duty; charging at breaks stretches it to two.</p>',
    ],
    ['battery'],
  ),
  ask(
    SPECIFICATIONS,
    [
      'Will this charge our existing battery?',
      'Same voltage as the old charger.',
      '<p>Yes, if the voltage matches; it charges lead-acid and AGM alike.</p>',
    ],
    ['charger'],
  ),
  ask(SPECIFICATIONS, ['How loud is it?', '', '<p>105 dB.</p>'], ['horn']),
  ask(SPECIFICATIONS, ['Is this LED?', '', '<p>Yes, rated for 50,000 hours.</p>'], ['light']),
  ask(
    SPECIFICATIONS,
    ['Are the contacts sealed?', '', '<p>Yes, sealed against dust and water.</p>'],
    ['switch'],
  ),
  ask(SPECIFICATIONS, ['Is it pre-lubricated?', '', '<p>Yes, and proof-tested.</p>'], ['chain']),
  ask(
    SPECIFICATIONS,
    ['Is it sealed on both sides?', '', '<p>Yes, double-sealed and greased for life.</p>'],
    ['bearing'],
  ),
  ask(
    SPECIFICATIONS,
    ['Are the retaining clips included?', '', '<p>Yes, both clips.</p>'],
    ['axle'],
  ),
  ask(
    SPECIFICATIONS,
    ['Is this sold individually?', '', '<p>Yes, unless the title says otherwise.</p>'],
    ['pin', 'fork'],
  ),
  ask(
    SPECIFICATIONS,
    ['Is this for the left or the right side?', '', '<p>See Position: left, right or a pair.</p>'],
    ['brake'],
  ),
  ask(
    SPECIFICATIONS,
    ['How often should we change the {part}?', '', '<p>At every 500-hour service.</p>'],
    ['filter'],
  ),
];

/** Questions asked of the store, on no product: they may name any brand or part. */
export const STORE_QUESTIONS: readonly QuestionTemplate[] = [
  ask(COMPATIBILITY, [
    'Do you carry parts for a Crown PTH50?',
    'Several jacks from 2015.',
    '<p>Yes: search for PTH50, or browse Crown Parts.</p>',
  ]),
  ask(ORDERS, ['Do you ship to Canada?', '', '<p>Yes, at the carrier rate.</p>']),
  ask(INSTALLATION, [
    'Which grease do you recommend for pallet jack axles?',
    '',
    '<p>A lithium-based EP2 grease.</p>',
  ]),
  ask(SPECIFICATIONS, [
    'Do you sell polyurethane and rubber versions of the same wheel?',
    '',
    '<p>Many wheels come in both; the Material filter shows which.</p>',
  ]),
  ask(COMPATIBILITY, [
    'How do I find the model of my pallet jack?',
    'The plate is worn.',
    '<p>Send us a photo of the pump housing and we will identify it.</p>',
  ]),
  ask(ORDERS, ['Can I pick up an order?', '', '']),
  ask(INSTALLATION, ['Do you install parts on site?', 'We are in Ohio.', '']),
  ask(ORDERS, [
    'Do you offer fleet discounts?',
    'We run 40 forklifts.',
    '<p>Yes, ask for a bulk quote.</p>',
  ]),
  ask(SPECIFICATIONS, [
    'What battery voltage does my forklift need?',
    '',
    '<p>It is on the data plate of the truck; match it exactly.</p>',
  ]),
  ask(COMPATIBILITY, [
    'Can you cross-reference a dealer part number?',
    'Toyota number 00590-12345-71.',
    '<p>Yes: search for it, or send it to us and we will find the match.</p>',
  ]),
];
