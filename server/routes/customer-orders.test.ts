import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { DEMO_CUSTOMER, writeDemoAccount } from '../seed/accounts.ts';
import { writeGeo } from '../seed/geo.ts';
import { Browser } from '../testing/accounts.ts';
import { testApp } from '../testing/app.ts';

describe('GET /api/customer/orders/purchased (issue 32, item 8)', () => {
  it("lists each part of the customer's orders that did not fail once, the latest first", async () => {
    const db = openDatabase(':memory:');
    writeGeo(db);
    writeDemoAccount(db);
    const browser = new Browser(testApp({ db }).app);
    expect((await browser.call('GET', '/api/customer/orders/purchased')).status).toBe(401);
    await browser.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const { status, body } = await browser.call('GET', '/api/customer/orders/purchased');
    expect(status).toBe(200);
    // DEMO-1002 (pending) is newer than DEMO-1001; DEMO-1003 failed and bought nothing.
    expect(body.parts).toEqual([
      expect.objectContaining({
        sku: 'PNC-32100',
        lastQuantity: 1,
        lastUnitPrice: '89.00',
        orders: 1,
      }),
      expect.objectContaining({
        sku: 'BRG-6204',
        lastQuantity: 4,
        lastUnitPrice: '12.50',
        orders: 1,
      }),
      expect.objectContaining({ sku: 'COL-20', lastQuantity: 2, lastUnitPrice: '8.75', orders: 1 }),
    ]);
  });
});
