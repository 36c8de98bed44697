/**
 * Generic pages (/:handle) and help answers (/help_answer/:handle). The footer and the
 * policy links point at these handles (spec storefront 2, account-and-shell 2.1 and 2.9).
 */
export const DEMO_PAGES: readonly { handle: string; title: string; body: string }[] = [
  {
    handle: 'about-us',
    title: 'About Us',
    body: '<p>Industrial Parts Depot has supplied replacement parts for pallet jacks, forklifts and material-handling equipment since 2004. Our warehouse stocks tens of thousands of parts for more than thirty brands, and our parts specialists have all worked on the machines they help you fix.</p><p>We serve warehouses, distribution centres, dealers, rental yards and independent technicians across North America.</p>',
  },
  {
    handle: 'contact-us',
    title: 'Contact Us',
    body: '<p>Call us at 1-800-555-0199, Monday to Friday, 8 AM to 6 PM Eastern, or send us a message with the form below: our parts specialists reply by email, usually within one business day.</p><p>Industrial Parts Depot, 1200 Commerce Drive, Columbus, OH 43215, United States.</p>',
  },
  {
    handle: 'returns',
    title: 'Returns',
    body: '<p>Unused parts in their original packaging can be returned within 30 days of delivery for a refund or an exchange. Electrical parts that have been installed, special-order parts and batteries are not returnable unless they are defective.</p><p>Contact us for a return authorisation number before you send anything back. A 15% restocking fee applies to parts ordered in error.</p>',
  },
  {
    handle: 'shipping',
    title: 'Shipping',
    body: '<p>In-stock parts ordered before 3 PM Eastern ship the same business day. Orders over $199 ship free by ground within the 48 contiguous states. Heavy items ship by freight.</p>',
  },
  {
    handle: 'privacy-policy',
    title: 'Privacy Policy',
    body: '<p>We collect only the information needed to process your orders and answer your questions. We never sell your personal data. Payment details are handled by our payment processor and never stored on our servers.</p>',
  },
  {
    handle: 'terms-of-use',
    title: 'Terms of Use',
    body: '<p>By using this website you agree to these terms. Prices and availability may change without notice. Product images are for illustration; always check the part number and dimensions before installing.</p>',
  },
  {
    handle: 'request-an-item',
    title: 'Request an Item',
    body: '<p>Cannot find the part you need? Tell us the make, model and serial number of your truck and the part number or a description, and we will search our suppliers for you. Most requests are answered within one business day.</p>',
  },
  {
    handle: 'confirm-subscription',
    title: 'Confirm Subscription',
    body: '<p>Thank you for subscribing. Please check your inbox and click the link in our email to confirm your subscription to our newsletter.</p>',
  },
];

export const HELP_ANSWERS: readonly {
  handle: string;
  title: string;
  topic: string;
  body: string;
}[] = [
  {
    topic: 'Orders',
    handle: 'how-do-i-track-my-order',
    title: 'How do I track my order?',
    body: '<p>Once your order ships we email you a tracking number. You can also see it under Orders in your account.</p>',
  },
  {
    topic: 'Orders',
    handle: 'can-i-change-my-order',
    title: 'Can I change or cancel my order?',
    body: '<p>Orders that have not shipped can be changed or cancelled: call us as soon as possible. Orders placed before 3 PM Eastern usually ship the same day.</p>',
  },
  {
    topic: 'Orders',
    handle: 'do-you-offer-bulk-pricing',
    title: 'Do you offer bulk pricing?',
    body: '<p>Yes. For ten or more of the same part, ask us for a quote. See <a href="/Articles.asp?ID=354">bulk orders</a>.</p>',
  },
  {
    topic: 'Orders',
    handle: 'which-payment-methods',
    title: 'Which payment methods do you accept?',
    body: '<p>American Express, Apple Pay, Diners Club, Discover, Google Pay, Mastercard, PayPal and Visa. Approved businesses can pay on Net 30 terms.</p>',
  },
  {
    topic: 'Shipping',
    handle: 'how-much-is-shipping',
    title: 'How much is shipping?',
    body: '<p>Orders over $199 ship free within the mainland US. Other orders are charged at the carrier rate shown at checkout. See <a href="/Articles.asp?ID=257">shipping details</a>.</p>',
  },
  {
    topic: 'Shipping',
    handle: 'do-you-ship-internationally',
    title: 'Do you ship to Canada and Mexico?',
    body: '<p>Yes, at the carrier rate. Duties and taxes are paid by the receiver.</p>',
  },
  {
    topic: 'Shipping',
    handle: 'freight-deliveries',
    title: 'How do freight deliveries work?',
    body: '<p>The carrier calls you to book a delivery appointment. Add a liftgate at checkout if you have no loading dock.</p>',
  },
  {
    topic: 'Parts',
    handle: 'how-do-i-find-the-right-part',
    title: 'How do I find the right part?',
    body: '<p>Search by the part number, or send us the model and serial number of your truck. See <a href="/Articles.asp?ID=355">check compatibility</a>.</p>',
  },
  {
    topic: 'Parts',
    handle: 'are-your-parts-oem',
    title: 'Are your parts OEM?',
    body: '<p>We sell both genuine OEM parts and quality aftermarket equivalents; the brand on the product page tells you which truck the part fits.</p>',
  },
  {
    topic: 'Parts',
    handle: 'what-does-refurbished-mean',
    title: 'What does refurbished mean?',
    body: '<p>Rebuilt and bench-tested by our technicians, with the same 30-day return policy as new parts.</p>',
  },
];

export const QUESTION_TOPICS: readonly { id: number; handle: string; title: string }[] = [
  { id: 1, handle: 'compatibility', title: 'Compatibility' },
  { id: 2, handle: 'installation', title: 'Installation' },
  { id: 3, handle: 'shipping-and-orders', title: 'Shipping and Orders' },
  { id: 4, handle: 'product-specifications', title: 'Product Specifications' },
];

/** People asking and reviewing in the demo content. */
export const PEOPLE = [
  'Mike R.',
  'Sarah T.',
  'Jose M.',
  'Linda K.',
  'Dave P.',
  'Karen W.',
  'Tom B.',
  'Maria G.',
  'Chris L.',
  'Angela D.',
  'Robert S.',
  'Jen H.',
  'Luis F.',
  'Pat O.',
  'Kevin N.',
] as const;
