/**
 * The demo's articles (blog and help links). Ids 355, 257 and 354 are fixed: the product
 * page links to them (spec storefront 2: compatibility 355, shipping 257, bulk orders 354;
 * account-and-shell 9).
 */
export interface DemoArticle {
  id: number;
  handle: string;
  title: string;
  summary: string;
  author: string;
  sections: readonly {
    heading?: string;
    paragraphs: readonly string[];
    list?: readonly string[];
  }[];
}

export const COMPATIBILITY_ARTICLE_ID = 355;
export const SHIPPING_ARTICLE_ID = 257;
export const BULK_ORDER_ARTICLE_ID = 354;

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    id: COMPATIBILITY_ARTICLE_ID,
    handle: 'check-compatibility-ask-our-experts',
    title: 'Check compatibility. Ask our experts.',
    summary: 'Send us your model and serial number and we confirm the right part before you order.',
    author: 'Parts Desk',
    sections: [
      {
        paragraphs: [
          'Pallet jacks and forklifts change quietly from one production year to the next. Two trucks with the same model name can take different load wheels, seal kits or pump assemblies, and the only reliable way to tell them apart is the serial number. Our parts experts check every question against manufacturer parts books before they answer, so you order once and fit once.',
        ],
      },
      {
        heading: 'What to send us',
        paragraphs: [
          'The more we know, the faster we can confirm a fit. A photo of the data plate is often all it takes; a photo of the old part with a tape measure beside it settles nearly every remaining doubt.',
        ],
        list: [
          'Make and model of the truck (for example Crown PTH50 or Toyota 8FGCU25)',
          'Serial number from the data plate',
          'The part number stamped on the old part, if you can read it',
          'Measurements: outside diameter, width and bore for wheels; rod and bore for cylinders',
        ],
      },
      {
        heading: 'How quickly we answer',
        paragraphs: [
          'Questions that reach us on a business day before 3 PM Eastern are usually answered the same day. If the part is in stock we can hold it for you while you confirm, and if it is not we will tell you honestly how long the manufacturer needs.',
          'You can ask from any product page with the "Ask a question" form, by phone, or by chat. Every answer is written by a person who has worked on these machines, not by a script.',
        ],
      },
    ],
  },
  {
    id: SHIPPING_ARTICLE_ID,
    handle: 'shipping-details',
    title: 'Shipping details',
    summary: 'Same-day shipping on in-stock parts, free shipping over $199 in the mainland US.',
    author: 'Customer Care',
    sections: [
      {
        paragraphs: [
          'Most of the parts we sell are stocked in our own warehouse, and in-stock orders placed before 3 PM Eastern on a business day leave the building the same day. You receive a tracking number by email as soon as the carrier scans the package.',
        ],
      },
      {
        heading: 'Free shipping',
        paragraphs: [
          'Orders over $199 ship free by ground to addresses in the 48 contiguous states. Alaska, Hawaii, Canada and Mexico are charged at the carrier rate shown at checkout. Some heavy items, such as forklift batteries, forks and complete pump units, ship by freight and are marked on the product page.',
        ],
      },
      {
        heading: 'Carriers and delivery times',
        paragraphs: [
          'Small parcels travel by UPS or FedEx Ground and arrive in one to five business days depending on the distance. Freight shipments are booked with a regional carrier who calls to schedule delivery; a liftgate can be added at checkout for addresses without a loading dock.',
        ],
        list: [
          'Ground: 1 to 5 business days',
          'Two-day and overnight: available at checkout for parcels',
          'Freight: 3 to 7 business days, delivery appointment by phone',
        ],
      },
      {
        paragraphs: [
          'If a package arrives damaged, keep the box and call us within five days: we ship a replacement first and sort out the claim with the carrier ourselves.',
        ],
      },
    ],
  },
  {
    id: BULK_ORDER_ARTICLE_ID,
    handle: 'bulk-orders',
    title: 'Bulk orders and fleet pricing',
    summary:
      'Quantity pricing for fleets, dealers and rental yards, quoted within one business day.',
    author: 'Sales Team',
    sections: [
      {
        paragraphs: [
          'Keeping a fleet of pallet jacks and forklifts running means buying the same wear parts again and again: load wheels, steer wheels, seal kits, filters and brake shoes. When you need ten or more of a part, or restock a whole maintenance crib at once, ask us for a bulk quote instead of paying the single-unit price.',
        ],
      },
      {
        heading: 'How bulk pricing works',
        paragraphs: [
          'Send us a list of part numbers and quantities, or an export from your maintenance system. We check stock, confirm interchangeable parts where that saves you money, and reply with one quote that is valid for thirty days.',
        ],
        list: [
          'Quantity breaks from 10 units of the same part',
          'Net 30 terms for approved business accounts',
          'Scheduled deliveries for planned maintenance',
          'One invoice per month on request',
        ],
      },
      {
        heading: 'Who buys in bulk',
        paragraphs: [
          'Warehouses and distribution centres, equipment dealers, rental companies and service technicians who carry parts in their vans. Whatever the size of your operation, the same parts experts who answer compatibility questions prepare your quote.',
        ],
      },
    ],
  },
  {
    id: 301,
    handle: 'how-to-replace-pallet-jack-load-wheels',
    title: 'How to replace pallet jack load wheels',
    summary: 'A step-by-step guide to swapping worn load wheels in under an hour.',
    author: 'Service Team',
    sections: [
      {
        paragraphs: [
          'Load wheels carry almost the whole weight of the pallet, so they wear faster than anything else on a manual pallet jack. Flat spots, chunks missing from the tread or a wheel that no longer turns freely are signs that it is time for new ones. Replace them in pairs so the forks stay level.',
        ],
      },
      {
        heading: 'Tools you need',
        paragraphs: ['Nothing special: most jacks need only basic hand tools.'],
        list: [
          'Punch and hammer for roll pins',
          'Snap-ring pliers',
          'A block of wood to lift the forks',
          'Grease',
        ],
      },
      {
        heading: 'Steps',
        paragraphs: [
          'Raise the forks and support them on the wood. Drive out the roll pin or remove the clip that holds the axle, slide the axle out and take the old wheel off. Clean the axle, check it for wear, grease it, fit the new wheel with its bearings and put the axle and pin back. Spin the wheel by hand: it should turn freely without wobbling.',
          'If the axle is scored or bent, replace it too; a worn axle destroys new bearings within weeks.',
        ],
      },
    ],
  },
  {
    id: 302,
    handle: 'polyurethane-nylon-or-rubber-wheels',
    title: 'Polyurethane, nylon or rubber: choosing wheel material',
    summary: 'Which wheel material suits your floors, loads and environment.',
    author: 'Parts Desk',
    sections: [
      {
        paragraphs: [
          'The material of a pallet jack wheel decides how it rolls, how quiet it is and how long it lasts. There is no single best choice: it depends on the floor, the load and whether the truck works in a cooler or outside.',
        ],
      },
      {
        heading: 'Polyurethane',
        paragraphs: [
          'The most common choice for warehouses with smooth concrete floors. Polyurethane is quiet, does not mark the floor and carries heavy loads with low rolling resistance. It dislikes standing water and very high temperatures.',
        ],
      },
      {
        heading: 'Nylon',
        paragraphs: [
          'Hard, cheap and nearly indestructible. Nylon rolls easily under heavy loads and shrugs off chemicals, but it is noisy and transmits every bump, and it can slip on wet floors.',
        ],
      },
      {
        heading: 'Rubber',
        paragraphs: [
          'Soft and quiet, with good grip on uneven or outdoor surfaces. Rubber needs more effort to push under load and wears faster, so it suits light loads and rough ground best.',
        ],
      },
    ],
  },
  {
    id: 303,
    handle: 'rebuilding-a-pallet-jack-pump',
    title: 'Rebuilding a pallet jack pump with a seal kit',
    summary: 'When a jack will not lift or slowly lowers, a seal kit usually fixes it.',
    author: 'Service Team',
    sections: [
      {
        paragraphs: [
          'A pallet jack that pumps but does not lift, or that slowly sinks under load, almost always has worn seals in its pump. A seal kit costs a fraction of a new pump and can be fitted in an afternoon.',
        ],
      },
      {
        heading: 'Before you start',
        paragraphs: [
          'Check the oil level first: low oil causes the same symptoms. Then check the release valve adjustment. If both are fine, order the seal kit that matches the pump, using the serial number of the jack.',
        ],
        list: [
          'Drain the oil into a clean container',
          'Photograph every step',
          'Lay the parts out in order',
        ],
      },
      {
        heading: 'Fitting the seals',
        paragraphs: [
          'Remove the pump from the frame, take out the piston and the ram, and replace every O-ring and wiper in the kit, even the ones that look fine. Lubricate the new seals with hydraulic oil, reassemble, refill with clean oil and bleed the air out by pumping with the release lever open.',
        ],
      },
    ],
  },
  {
    id: 304,
    handle: 'forklift-battery-care',
    title: 'Forklift battery care: water, charge, rest',
    summary: 'Three habits that double the life of a lead-acid forklift battery.',
    author: 'Service Team',
    sections: [
      {
        paragraphs: [
          'A lead-acid forklift battery is one of the most expensive parts of an electric truck, and most batteries that die early were killed by habits rather than by defects. Watering, charging and cooling correctly make the difference between three years and six.',
        ],
      },
      {
        heading: 'Water after charging',
        paragraphs: [
          'Top up with distilled water after a full charge, never before, and only to the level indicator. Overfilling spills acid during the next charge.',
        ],
      },
      {
        heading: 'Charge fully, not often',
        paragraphs: [
          'Charge when the battery is at about 20 to 30 percent, and let the charge finish. Opportunity charging during breaks shortens the life of batteries that were not designed for it.',
        ],
        list: [
          'Equalise once a week',
          'Keep the tops clean and dry',
          'Let the battery cool before the next shift',
        ],
      },
    ],
  },
  {
    id: 305,
    handle: 'reading-a-forklift-data-plate',
    title: 'How to read a forklift data plate',
    summary: 'Model, serial number and capacity: what the data plate tells a parts counter.',
    author: 'Parts Desk',
    sections: [
      {
        paragraphs: [
          'Every forklift and powered pallet jack carries a data plate, usually near the operator compartment. It states the model, the serial number, the rated capacity at a load centre and, on electric trucks, the battery voltage and weight limits.',
        ],
      },
      {
        heading: 'Why the serial number matters',
        paragraphs: [
          'Manufacturers change parts during a model run. The serial number tells a parts specialist exactly which version of a part your truck left the factory with, which is why we always ask for it.',
        ],
        list: [
          'Model: the family of the truck',
          'Serial number: the exact build',
          'Capacity: never exceed it',
        ],
      },
    ],
  },
  {
    id: 306,
    handle: 'when-to-replace-forklift-forks',
    title: 'When to replace forklift forks',
    summary: 'Wear limits, cracks and bent tips: the inspection that keeps forks safe.',
    author: 'Service Team',
    sections: [
      {
        paragraphs: [
          'Forks wear at the heel where they slide along the floor. Once the heel has lost ten percent of its original thickness the fork has lost about twenty percent of its capacity and must be taken out of service.',
        ],
      },
      {
        heading: 'What to inspect',
        paragraphs: [
          'Measure the heel with fork calipers, look for cracks at the heel and the hooks, and check that both tips are level with each other. Replace forks in pairs so they wear evenly.',
        ],
        list: [
          'Heel wear over 10 percent',
          'Cracks anywhere',
          'Tips more than 3 percent out of level',
          'Bent or twisted blades',
        ],
      },
    ],
  },
  {
    id: 307,
    handle: 'hydraulic-oil-for-pallet-jacks',
    title: 'Which hydraulic oil for a pallet jack?',
    summary: 'Viscosity, quantity and why automatic transmission fluid is not a substitute.',
    author: 'Parts Desk',
    sections: [
      {
        paragraphs: [
          'Most manual pallet jacks use an ISO 32 anti-wear hydraulic oil; trucks that work in freezers need ISO 15 or a low-temperature oil. Check the manual of your model: the capacity is usually well under a litre.',
          'Automatic transmission fluid and motor oil are often used in a pinch, but they swell some seal materials and shorten the life of the pump.',
        ],
      },
    ],
  },
  {
    id: 308,
    handle: 'pallet-jack-maintenance-checklist',
    title: 'A monthly pallet jack maintenance checklist',
    summary: 'Ten minutes a month keeps a manual pallet jack working for years.',
    author: 'Service Team',
    sections: [
      {
        paragraphs: [
          'Manual pallet jacks are simple machines, and simple maintenance keeps them going. Put this checklist on the wall of the maintenance crib and work through it once a month.',
        ],
        list: [
          'Grease every fitting',
          'Check wheels for flat spots and debris wrapped round the axles',
          'Check the oil level and look for leaks under the pump',
          'Test lifting and lowering under load',
          'Check the handle returns to upright',
        ],
      },
    ],
  },
  {
    id: 309,
    handle: 'new-refurbished-or-used-parts',
    title: 'New, refurbished or used parts?',
    summary: 'What each condition means in our catalogue and when each makes sense.',
    author: 'Parts Desk',
    sections: [
      {
        paragraphs: [
          'New parts come straight from the manufacturer or an approved aftermarket supplier. Refurbished parts, mostly controllers, pumps and chargers, have been rebuilt and bench-tested by our technicians. Used parts are tested pulls from trucks we dismantle, a good choice for older models whose new parts are no longer made.',
          'Every part, whatever its condition, carries our 30-day return policy.',
        ],
      },
    ],
  },
];

/** The closing every article shares: where to get help, and the policies in short. */
const CLOSING: DemoArticle['sections'][number] = {
  heading: 'Still have questions?',
  paragraphs: [
    'Our parts specialists answer by phone at 1-800-555-0199, Monday to Friday from 8 AM to 6 PM Eastern, by chat on every page, and through the question form on each product page. Have the make, model and serial number of your truck at hand and, if you can, the part number stamped on the old part: with those we can usually confirm the right replacement in a few minutes.',
    'In-stock parts ordered before 3 PM Eastern ship the same business day, orders over $199 ship free within the mainland United States, and unused parts can be returned within 30 days.',
  ],
};

/** An article's HTML body from its sections, with the shared closing section. */
export function articleHtml(article: DemoArticle): string {
  return [...article.sections, CLOSING]
    .map((section) =>
      [
        section.heading ? `<h2>${section.heading}</h2>` : '',
        ...section.paragraphs.map((text) => `<p>${text}</p>`),
        section.list ? `<ul>${section.list.map((item) => `<li>${item}</li>`).join('')}</ul>` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
}
