import {
  ADDRESS,
  Browser,
  connectedFrom,
  ORIGIN,
  seedRegions,
} from '../../server/testing/accounts.ts';
import { testApp } from '../../server/testing/app.ts';
import { addCard } from '../../server/accounts/wallet.ts';
import { testClient } from '../lib/api/client.testing.ts';
import type { MailingAddress } from '../../shared/contracts/addresses.ts';

/**
 * TEST-ONLY: the reference API in memory (server/app.ts over a fresh database) with one
 * shopper signed in, and the client's requestJson bound to it, so that the account stores'
 * tests run against the server's real rules rather than a copy of them.
 */
export async function signedInApi(email = 'ada@example.com') {
  const { app, db } = testApp();
  seedRegions(db);
  const browser = new Browser(app);
  const userId = await browser.register(email);
  /** Every call the stores made, as "METHOD /path". */
  const calls: string[] = [];
  /** When set, the next calls answer this status without reaching the server. */
  const outage = { status: 0 };
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    calls.push(`${init.method ?? 'GET'} ${input}`);
    if (outage.status !== 0) {
      return new Response(JSON.stringify({ error: 'The store is down.' }), {
        status: outage.status,
      });
    }
    const headers = new Headers(init.headers);
    headers.set('origin', ORIGIN);
    if (browser.cookies.size > 0) headers.set('cookie', browser.cookieHeader);
    return app.request(`${ORIGIN}${input}`, { ...init, headers }, connectedFrom(browser.address));
  };
  /** Saves an address through the API as another tab would; returns it. */
  const addAddress = async (fields: Record<string, unknown> = {}): Promise<MailingAddress> => {
    const reply = await browser.call('POST', '/api/mailingAddresses', { ...ADDRESS, ...fields });
    return reply.body.mailingAddress as MailingAddress;
  };
  /** Saves a Visa card summary, as the add popup does; returns its id. */
  const addVisa = (last4 = '4242', mailingAddressId: number | null = null) =>
    addCard(
      db,
      userId,
      { brand: 'visa', last4, expMonth: 4, expYear: 2030, name: 'Ada Lovelace' },
      mailingAddressId,
    );
  /** Gives the shopper a gift-card wallet with $25.00; returns its id. */
  const addGiftCard = () =>
    (
      db
        .prepare(
          `INSERT INTO payment_methods (customer_id, brand, is_gift_card, gift_card_credit_cents)
           VALUES (?, 'other', 1, 2500) RETURNING id`,
        )
        .get(userId) as { id: number }
    ).id;
  /** Records a transaction of the shopper. */
  const addTransaction = (displayableId: string, cents: number, gateway = '') =>
    db
      .prepare(
        `INSERT INTO transactions (customer_id, displayable_id, status, gateway, amount_cents, email)
         VALUES (?, ?, 'SUCCESS', ?, ?, ?)`,
      )
      .run(userId, displayableId, gateway, cents, email);
  return {
    addVisa,
    addGiftCard,
    addTransaction,
    app,
    db,
    browser,
    userId,
    calls,
    outage,
    addAddress,
    request: testClient(fetch).requestJson,
  };
}
