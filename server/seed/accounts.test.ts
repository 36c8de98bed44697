import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { Browser } from '../testing/accounts.ts';
import { testApp } from '../testing/app.ts';
import { DEMO_CUSTOMER, PAST_PRICE, writeDemoAccount } from './accounts.ts';
import { writeContent } from './content.ts';
import { writeGeo } from './geo.ts';
import { seedDemo } from './index.ts';

describe('writeDemoAccount', () => {
  it('gives a demo customer who signs in and sees a full account', async () => {
    const db = openDatabase(':memory:');
    writeGeo(db);
    writeContent(db, 1, 0);
    const { customerId } = writeDemoAccount(db);
    const { app } = testApp({ db });
    const browser = new Browser(app);
    const login = await browser.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: customerId, verified: true });
    const customer = (await browser.call('GET', '/api/customer')).body.customer as {
      MailingAddresses: { isDefault: boolean; State: unknown }[];
    };
    expect(customer.MailingAddresses).toHaveLength(2);
    expect(customer.MailingAddresses[0]).toMatchObject({
      isDefault: true,
      State: { title: 'Texas' },
    });
    const wallet = await browser.call('GET', `/api/user/${customerId}/paymentMethods`);
    expect(
      (wallet.body.paymentMethods as { isAbtraGiftCard: boolean }[]).map((m) => m.isAbtraGiftCard),
    ).toEqual([true, false]);
    expect(
      (await browser.call('GET', `/api/user/${customerId}/transactions`)).body.transactions,
    ).toHaveLength(4);
    expect((await browser.call('GET', '/api/customer/orders')).body.orders).toHaveLength(3);
  });

  it('replaces the demo customer on a second run, with the same rows', () => {
    const db = openDatabase(':memory:');
    writeGeo(db);
    writeContent(db, 1, 0);
    writeDemoAccount(db);
    const first = db.prepare('SELECT password_hash FROM customer_credentials').all();
    writeDemoAccount(db);
    expect(db.prepare('SELECT COUNT(*) AS n FROM customers').get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT password_hash FROM customer_credentials').all()).toEqual(first);
  });
});

describe("the demo customer's past orders (issue 32, item 8)", () => {
  it('are of parts the catalogue sells, so they can be bought again by number', () => {
    const db = openDatabase(':memory:');
    seedDemo(db, { products: 60, seed: 1 });
    const lines = db
      .prepare(
        `SELECT l.sku, l.title, l.unit_price_cents AS paid FROM order_line_items l
         JOIN orders o ON o.id = l.order_id
         WHERE o.displayable_id LIKE 'DEMO-%' ORDER BY l.id`,
      )
      .all() as { sku: string; title: string; paid: number }[];
    expect(lines).toHaveLength(4);
    const sold = db.prepare(
      `SELECT sort_title AS title, price_cents AS cents FROM products
       WHERE sku = ? AND available_for_sale = 1`,
    );
    for (const line of lines) {
      const product = sold.get(line.sku) as { title: string; cents: number } | undefined;
      expect(product?.title, line.sku).toBe(line.title);
      // Paid a little less then than today's price: the pad says so.
      expect(line.paid).toBe(Math.round((product?.cents ?? 0) * PAST_PRICE));
    }
  });
});
