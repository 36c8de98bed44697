import { createHash } from 'node:crypto';
import { hashPasswordWithSalt } from '../accounts/password.ts';
import type { Database } from '../db/open.ts';
import { DEMO_EPOCH } from './products.ts';

/** The demo customer `npm start` creates (docs/api.md, "Customer accounts"). */
export const DEMO_CUSTOMER = {
  email: 'demo@example.com',
  password: 'demo-password-2026',
  firstName: 'Dana',
  lastName: 'Demo',
} as const;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Replaces the demo customer: verified, signed in with DEMO_CUSTOMER's password, two
 * addresses (one default), a Visa card, a gift-card wallet with credit, transactions of each
 * status and three orders. Deterministic: a fixed salt and fixed dates. Needs the
 * countries and states of writeGeo and the orders of writeContent.
 */
export function writeDemoAccount(db: Database): { customerId: number } {
  db.prepare('DELETE FROM customers WHERE email = ?').run(DEMO_CUSTOMER.email);
  const { id } = db
    .prepare(
      'INSERT INTO customers (email, first_name, last_name, created_at) VALUES (?, ?, ?, ?) RETURNING id',
    )
    .get(
      DEMO_CUSTOMER.email,
      DEMO_CUSTOMER.firstName,
      DEMO_CUSTOMER.lastName,
      iso(DEMO_EPOCH - 90 * DAY),
    ) as {
    id: number;
  };
  const salt = createHash('sha256').update('demo-customer-salt').digest().subarray(0, 16);
  db.prepare(
    'INSERT INTO customer_credentials (customer_id, password_hash, verified_at) VALUES (?, ?, ?)',
  ).run(id, hashPasswordWithSalt(DEMO_CUSTOMER.password, salt), iso(DEMO_EPOCH - 90 * DAY));
  const address = db.prepare(
    `INSERT INTO mailing_addresses (customer_id, first_name, last_name, company, address1, address2,
       city, zip, state_code, country_code, phone, is_default, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const home = address.get(
    id,
    'Dana',
    'Demo',
    '',
    '1200 Congress Ave',
    'Suite 4',
    'Austin',
    '78701',
    'TX',
    'US',
    '+1 512 555 0142',
    1,
    iso(DEMO_EPOCH - 80 * DAY),
  ) as { id: number };
  address.run(
    id,
    'Dana',
    'Demo',
    'Demo Machining LLC',
    '350 Fifth Avenue',
    '',
    'New York',
    '10118',
    'NY',
    'US',
    '+1 212 555 0199',
    0,
    iso(DEMO_EPOCH - 60 * DAY),
  );
  db.prepare(
    `INSERT INTO payment_methods (customer_id, brand, last4, exp_month, exp_year, name, mailing_address_id, created_at)
     VALUES (?, 'visa', '4242', 8, 2030, 'Dana Demo', ?, ?)`,
  ).run(id, home.id, iso(DEMO_EPOCH - 70 * DAY));
  db.prepare(
    `INSERT INTO payment_methods (customer_id, brand, is_gift_card, gift_card_credit_cents, gift_card_currency, created_at)
     VALUES (?, 'other', 1, 5000, 'USD', ?)`,
  ).run(id, iso(DEMO_EPOCH - 65 * DAY));
  const transaction = db.prepare(
    `INSERT INTO transactions (customer_id, displayable_id, status, gateway, amount_cents, email, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const rows: [string, string, string, number][] = [
    ['TXN-100451', 'SUCCESS', 'stripe', 18_950],
    ['TXN-100467', 'PENDING', 'stripe', 4_200],
    ['TXN-100489', 'FAILURE', 'paypal', 129_900],
    ['TXN-100502', 'REFUNDED', '', 2_500],
  ];
  rows.forEach(([displayableId, status, gateway, cents], n) => {
    transaction.run(
      id,
      displayableId,
      status,
      gateway,
      cents,
      DEMO_CUSTOMER.email,
      iso(DEMO_EPOCH - (40 - n * 5) * DAY),
    );
  });
  // Orders of their own (the seeded IPD- orders stay guest orders), with their lines.
  db.exec("DELETE FROM orders WHERE displayable_id LIKE 'DEMO-%'");
  const order = db.prepare(
    `INSERT INTO orders (customer_id, displayable_id, status, total_cents, created_at)
     VALUES (?, ?, ?, ?, ?) RETURNING id`,
  );
  const line = db.prepare(
    `INSERT INTO order_line_items (order_id, title, sku, quantity, unit_price_cents)
     VALUES (?, ?, ?, ?, ?)`,
  );
  // Issue 32, item 8: parts of the catalogue, so 'Buy again' finds them, each paid a little
  // less than today's price (PAST_PRICE: the pad shows what changed since). A store seeded
  // without products keeps the lines' own names and prices.
  const part = partsOrderedBefore(db);
  const orders: [string, string, [string, string, number, number][]][] = [
    [
      'DEMO-1001',
      'SUCCESS',
      [
        part(0, ['Deep groove ball bearing 6204-2RS', 'BRG-6204', 4, 1_250]),
        part(1, ['Shaft collar 20 mm', 'COL-20', 2, 875]),
      ],
    ],
    ['DEMO-1002', 'PENDING', [part(2, ['Pneumatic cylinder 32x100', 'PNC-32100', 1, 8_900])]],
    ['DEMO-1003', 'FAILURE', [part(3, ['Proximity sensor M12 PNP', 'SEN-M12P', 3, 2_450])]],
  ];
  orders.forEach(([displayableId, status, lines], n) => {
    const total = lines.reduce((sum, [, , quantity, cents]) => sum + quantity * cents, 0);
    const { id: orderId } = order.get(
      id,
      displayableId,
      status,
      total,
      iso(DEMO_EPOCH - (30 - n * 7) * DAY),
    ) as {
      id: number;
    };
    for (const [title, sku, quantity, cents] of lines)
      line.run(orderId, title, sku, quantity, cents);
  });
  return { customerId: id };
}

/** What the demo customer paid for a part then, against its price today. */
export const PAST_PRICE = 0.94;

/**
 * The demo customer's past parts: the catalogue's first products of one variant sold online,
 * by their title as text and part number, paid PAST_PRICE of today's price; `fallback` (a
 * line's title, number, quantity and cents) when the catalogue has fewer.
 */
function partsOrderedBefore(db: Database) {
  const rows = db
    .prepare(
      `SELECT p.sort_title AS title, p.sku, p.price_cents AS cents FROM products p
       WHERE p.sku <> '' AND p.available_for_sale = 1 AND p.price_cents > 0
         AND (SELECT COUNT(*) FROM variants v WHERE v.product_id = p.id) = 1
       ORDER BY p.id LIMIT 4`,
    )
    .all() as { title: string; sku: string; cents: number }[];
  type Line = [title: string, sku: string, quantity: number, cents: number];
  return (index: number, fallback: Line): Line => {
    const row = rows[index];
    return row ? [row.title, row.sku, fallback[2], Math.round(row.cents * PAST_PRICE)] : fallback;
  };
}
