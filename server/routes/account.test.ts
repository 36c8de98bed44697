import { beforeEach, describe, expect, it } from 'vitest';
import { listOutbox } from '../accounts/outbox.ts';
import type { Database } from '../db/open.ts';
import { ADDRESS, Browser, seedRegions } from '../testing/accounts.ts';
import { testApp } from '../testing/app.ts';

type App = ReturnType<typeof testApp>['app'];
type Json = Record<string, unknown>;

const botToken = (browser: Browser): Promise<string> => browser.botCheckToken();

function addGiftCard(db: Database, customerId: number): number {
  const row = db
    .prepare(
      `INSERT INTO payment_methods (customer_id, brand, is_gift_card, gift_card_credit_cents, gift_card_currency, name)
       VALUES (?, 'other', 1, 2500, 'USD', '') RETURNING id`,
    )
    .get(customerId) as { id: number };
  return row.id;
}

function addCardRow(db: Database, customerId: number, last4 = '4242'): number {
  const row = db
    .prepare(
      `INSERT INTO payment_methods (customer_id, brand, last4, exp_month, exp_year, name)
       VALUES (?, 'visa', ?, 4, 2030, 'Ada Lovelace') RETURNING id`,
    )
    .get(customerId, last4) as { id: number };
  return row.id;
}

describe('account routes', () => {
  let app: App;
  let db: Database;
  let ada: Browser;
  let adaId: number;
  beforeEach(async () => {
    ({ app, db } = testApp());
    seedRegions(db);
    ada = new Browser(app);
    adaId = await ada.register('ada@example.com');
  });

  describe('mailing addresses', () => {
    it('creates the first address as default, with State and Country', async () => {
      const reply = await ada.call('POST', '/api/mailingAddresses', ADDRESS);
      expect(reply.status).toBe(201);
      expect(reply.body.mailingAddress).toMatchObject({
        firstName: 'Ada',
        address1: '12 Main St',
        state: 'TX',
        State: { stateCode: 'TX', title: 'Texas' },
        country: 'US',
        Country: { countryCode: 'US', title: 'United States' },
        isDefault: true,
      });
      const customer = await ada.call('GET', '/api/customer');
      expect(
        (customer.body.customer as { MailingAddresses: Json[] }).MailingAddresses,
      ).toHaveLength(1);
    });

    it('updates only the fields sent, and makeDefault moves the default', async () => {
      const first = (await ada.call('POST', '/api/mailingAddresses', ADDRESS)).body
        .mailingAddress as Json;
      const second = (
        await ada.call('POST', '/api/mailingAddresses', { ...ADDRESS, address1: '9 Elm' })
      ).body.mailingAddress as Json;
      expect(second.isDefault).toBe(false);
      const update = await ada.call('PUT', `/api/mailingAddresses/${String(second.id)}`, {
        city: 'Albany',
        stateCode: 'NY',
        makeDefault: true,
      });
      expect(update.status).toBe(200);
      expect(update.body.mailingAddress).toMatchObject({
        address1: '9 Elm',
        city: 'Albany',
        State: { title: 'New York' },
        company: 'Analytical Engines',
        isDefault: true,
      });
      const list = (await ada.call('GET', '/api/customer')).body.customer as {
        MailingAddresses: Json[];
      };
      expect(list.MailingAddresses.map((a) => [a.id, a.isDefault])).toEqual([
        [second.id, true],
        [first.id, false],
      ]);
    });

    it('refuses an unknown country, a state of another country and missing required fields', async () => {
      expect(
        (await ada.call('POST', '/api/mailingAddresses', { ...ADDRESS, countryCode: 'ZZ' })).status,
      ).toBe(422);
      const wrongState = await ada.call('POST', '/api/mailingAddresses', {
        ...ADDRESS,
        stateCode: 'ON',
      });
      expect(wrongState.status).toBe(422);
      expect(wrongState.body.error).toBe('Choose a state from the list.');
      const { phone: _phone, ...noPhone } = ADDRESS;
      expect((await ada.call('POST', '/api/mailingAddresses', noPhone)).body.error).toBe(
        'Enter the phone.',
      );
      // A country without states needs no state.
      const gb = await ada.call('POST', '/api/mailingAddresses', {
        ...ADDRESS,
        countryCode: 'GB',
        stateCode: undefined,
        zip: 'SW1A 1AA',
      });
      expect(gb.status).toBe(201);
      expect(
        (await ada.call('POST', '/api/mailingAddresses', { ...ADDRESS, bogus: 1 })).status,
      ).toBe(400);
    });

    it('changing the country without a state clears the old state', async () => {
      const a = (await ada.call('POST', '/api/mailingAddresses', ADDRESS)).body
        .mailingAddress as Json;
      const reply = await ada.call('PUT', `/api/mailingAddresses/${String(a.id)}`, {
        countryCode: 'CA',
      });
      expect(reply.status).toBe(422);
      const ok = await ada.call('PUT', `/api/mailingAddresses/${String(a.id)}`, {
        countryCode: 'CA',
        stateCode: 'ON',
      });
      expect(ok.body.mailingAddress).toMatchObject({ country: 'CA', State: { title: 'Ontario' } });
    });

    it('deletes an address; the oldest remaining one becomes the default', async () => {
      const first = (await ada.call('POST', '/api/mailingAddresses', ADDRESS)).body
        .mailingAddress as Json;
      const second = (await ada.call('POST', '/api/mailingAddresses', ADDRESS)).body
        .mailingAddress as Json;
      const reply = await ada.call(
        'DELETE',
        `/api/customer/${adaId}/mailingAddresses/${String(first.id)}`,
      );
      expect(reply.body).toEqual({ success: true });
      const list = (await ada.call('GET', '/api/customer')).body.customer as {
        MailingAddresses: Json[];
      };
      expect(list.MailingAddresses).toEqual([
        expect.objectContaining({ id: second.id, isDefault: true }),
      ]);
      expect(
        (await ada.call('DELETE', `/api/customer/${adaId}/mailingAddresses/${String(first.id)}`))
          .status,
      ).toBe(404);
    });

    it('needs a signed-in customer', async () => {
      const guest = new Browser(app);
      expect((await guest.call('POST', '/api/mailingAddresses', ADDRESS)).status).toBe(401);
      expect((await guest.call('GET', '/api/customer')).body).toEqual({ customer: null });
    });
  });

  describe('wallet', () => {
    it('lists payment methods with the add link, cards and gift-card wallets', async () => {
      const gift = addGiftCard(db, adaId);
      const card = addCardRow(db, adaId);
      const reply = await ada.call('GET', `/api/user/${adaId}/paymentMethods`);
      expect(reply.status).toBe(200);
      const methods = reply.body.paymentMethods as Json[];
      expect(methods.map((m) => m.id)).toEqual([gift, card]);
      expect(methods[0]).toMatchObject({
        isAbtraGiftCard: true,
        abtraGiftCardCredit: '25.00',
        abtraGiftCardCurrency: 'USD',
      });
      expect(methods[1]).toMatchObject({
        brand: 'visa',
        last4: '4242',
        expMonth: 4,
        expYear: 2030,
        isAbtraGiftCard: false,
      });
      const links = reply.body._links as { addPaymentMethod: { href: string } };
      expect(links.addPaymentMethod.href).toMatch(
        new RegExp(`^/api/user/${adaId}/paymentMethods/new\\?token=`),
      );
    });

    it('deletes a card but refuses a gift-card wallet', async () => {
      const gift = addGiftCard(db, adaId);
      const card = addCardRow(db, adaId);
      const refused = await ada.call('DELETE', `/api/user/${adaId}/paymentMethods/${gift}`);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('Gift card wallets cannot be deleted.');
      expect((await ada.call('DELETE', `/api/user/${adaId}/paymentMethods/${card}`)).body).toEqual({
        success: true,
      });
      const left = (await ada.call('GET', `/api/user/${adaId}/paymentMethods`)).body
        .paymentMethods as Json[];
      expect(left.map((m) => m.id)).toEqual([gift]);
    });

    it('sets a card address from the customer addresses; isAbtraGiftCard must match when sent', async () => {
      const card = addCardRow(db, adaId);
      const address = (await ada.call('POST', '/api/mailingAddresses', ADDRESS)).body
        .mailingAddress as Json;
      const ok = await ada.call('PUT', `/api/user/${adaId}/paymentMethods/${card}`, {
        mailingAddressId: address.id,
      });
      expect(ok.body).toMatchObject({ success: true });
      const [method] = (await ada.call('GET', `/api/user/${adaId}/paymentMethods`)).body
        .paymentMethods as Json[];
      expect(method?.billingAddress).toEqual({
        line1: '12 Main St',
        line2: '',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
      });
      expect(
        (
          await ada.call('PUT', `/api/user/${adaId}/paymentMethods/${card}`, {
            mailingAddressId: address.id,
            isAbtraGiftCard: false,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await ada.call('PUT', `/api/user/${adaId}/paymentMethods/${card}`, {
            mailingAddressId: address.id,
            isAbtraGiftCard: true,
          })
        ).status,
      ).toBe(422);
      expect(
        (
          await ada.call('PUT', `/api/user/${adaId}/paymentMethods/${card}`, {
            mailingAddressId: address.id,
            isAbtraGiftCard: 'yes',
          })
        ).status,
      ).toBe(400);
      expect((await ada.call('PUT', `/api/user/${adaId}/paymentMethods/${card}`, {})).status).toBe(
        400,
      );
    });

    it('adds a test card through the page at the add link, keeping no card number', async () => {
      const address = (await ada.call('POST', '/api/mailingAddresses', ADDRESS)).body
        .mailingAddress as Json;
      const links = (await ada.call('GET', `/api/user/${adaId}/paymentMethods`)).body._links as {
        addPaymentMethod: { href: string };
      };
      const href = links.addPaymentMethod.href;
      const page = await app.request(`http://localhost${href}`, {
        headers: { cookie: ada.cookieHeader },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      const html = await page.text();
      expect(html).toContain('Card number');
      const token = new URL(`http://localhost${href}`).searchParams.get('token') ?? '';
      const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
        app.request(`http://localhost${href}`, {
          method: 'POST',
          headers: {
            cookie: ada.cookieHeader,
            origin: 'http://localhost',
            'content-type': 'application/x-www-form-urlencoded',
            ...headers,
          },
          body: new URLSearchParams({
            token,
            expMonth: '12',
            expYear: '2031',
            name: 'Ada L',
            mailingAddressId: String(address.id),
            ...fields,
          }),
        });
      const bad = await post({ number: '4242 4242 4242 4241' });
      expect(bad.status).toBe(422);
      expect(await bad.text()).toContain('Enter a valid card number.');
      expect(
        (await post({ number: '4242424242424242' }, { origin: 'https://evil.example' })).status,
      ).toBe(403);
      const ok = await post({ number: '5555 5555 5555 4444' });
      expect(ok.status).toBe(201);
      expect((await post({ number: '5555 5555 5555 4444' })).status).toBe(403); // used link
      const methods = (await ada.call('GET', `/api/user/${adaId}/paymentMethods`)).body
        .paymentMethods as Json[];
      expect(methods).toEqual([
        expect.objectContaining({
          brand: 'mastercard',
          last4: '4444',
          expMonth: 12,
          expYear: 2031,
          name: 'Ada L',
          mailingAddressId: address.id,
        }),
      ]);
      const stored = JSON.stringify(db.prepare('SELECT * FROM payment_methods').all());
      expect(stored).not.toContain('5555555555554444');
    });

    it('lists transactions filtered by displayable id', async () => {
      const insert = db.prepare(
        'INSERT INTO transactions (customer_id, displayable_id, status, gateway, amount_cents, email) VALUES (?, ?, ?, ?, ?, ?)',
      );
      insert.run(adaId, 'TX-1001', 'SUCCESS', 'stripe', 12_345, 'ada@example.com');
      insert.run(adaId, 'TX-2002', 'PENDING', '', 500, 'ada@example.com');
      insert.run(adaId, 'TX_%', 'FAILURE', '', 1, 'ada@example.com');
      const all = await ada.call('GET', `/api/user/${adaId}/transactions`);
      expect(all.body.transactions).toHaveLength(3);
      const one = await ada.call('GET', `/api/user/${adaId}/transactions?displayableId=tx-10`);
      expect(one.body.transactions).toEqual([
        {
          id: 1,
          displayableId: 'TX-1001',
          status: 'SUCCESS',
          gateway: 'stripe',
          amount: '123.45',
          email: 'ada@example.com',
        },
      ]);
      const literal = await ada.call(
        'GET',
        `/api/user/${adaId}/transactions?displayableId=${encodeURIComponent('_%')}`,
      );
      expect((literal.body.transactions as Json[]).map((t) => t.displayableId)).toEqual(['TX_%']);
    });
  });

  describe('recovery email', () => {
    it('goes from none to unverified to verification sent to verified', async () => {
      expect((await ada.call('GET', '/api/user/recoveryEmail')).body).toEqual({
        recoveryEmail: null,
        recoveryEmailVerified: false,
      });
      const put = await ada.call('PUT', '/api/user/recoveryEmail', {
        token: await botToken(ada),
        recoveryEmail: 'backup@example.com',
      });
      expect(put.body).toEqual({ success: true });
      expect((await ada.call('GET', '/api/user/recoveryEmail')).body).toEqual({
        recoveryEmail: 'backup@example.com',
        recoveryEmailVerified: false,
      });
      const verify = await ada.call('POST', '/api/user/recoveryEmail/verify', {
        token: await botToken(ada),
      });
      expect(verify.body).toEqual({ success: true });
      const [mail] = listOutbox(db, 'backup@example.com');
      expect(mail?.kind).toBe('verify-recovery-email');
      const confirm = await app.request(mail?.link ?? '');
      expect(confirm.status).toBe(303);
      expect(confirm.headers.get('location')).toBe('/recovery-email?verified=1');
      expect((await ada.call('GET', '/api/user/recoveryEmail')).body).toEqual({
        recoveryEmail: 'backup@example.com',
        recoveryEmailVerified: true,
      });
    });

    it('refuses a missing, reused or made-up bot-check token', async () => {
      const token = await botToken(ada);
      expect(
        (
          await ada.call('PUT', '/api/user/recoveryEmail', {
            token: 'made-up-token-0123456789abcdef',
            recoveryEmail: 'b@example.com',
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await ada.call('PUT', '/api/user/recoveryEmail', {
            token,
            recoveryEmail: 'b@example.com',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await ada.call('PUT', '/api/user/recoveryEmail', {
            token,
            recoveryEmail: 'c@example.com',
          })
        ).status,
      ).toBe(403);
      expect(
        (await ada.call('PUT', '/api/user/recoveryEmail', { recoveryEmail: 'c@example.com' }))
          .status,
      ).toBe(400);
    });

    it('a retried verify request (same Idempotency-Key) mails once', async () => {
      await ada.call('PUT', '/api/user/recoveryEmail', {
        token: await botToken(ada),
        recoveryEmail: 'backup@example.com',
      });
      const body = { token: await botToken(ada) };
      const key = { 'idempotency-key': 'verify-once-1' };
      expect((await ada.call('POST', '/api/user/recoveryEmail/verify', body, key)).body).toEqual({
        success: true,
      });
      const retry = await ada.call('POST', '/api/user/recoveryEmail/verify', body, key);
      expect(retry.body).toEqual({ success: true });
      expect(retry.res.headers.get('idempotent-replayed')).toBe('true');
      expect(listOutbox(db, 'backup@example.com')).toHaveLength(1);
    });

    it('verify without a recovery email is refused', async () => {
      const reply = await ada.call('POST', '/api/user/recoveryEmail/verify', {
        token: await botToken(ada),
      });
      expect(reply.status).toBe(422);
      expect(reply.body.error).toBe('Add a recovery email first.');
    });
  });

  describe('orders', () => {
    it('lists and shows only the customer own orders', async () => {
      db.prepare(
        "INSERT INTO orders (id, customer_id, displayable_id, status, total_cents) VALUES (1, ?, 'PJ000001', 'SUCCESS', 4200)",
      ).run(adaId);
      db.prepare(
        "INSERT INTO order_line_items (order_id, title, sku, quantity, unit_price_cents) VALUES (1, 'Valve', 'V-1', 2, 2100)",
      ).run();
      db.prepare(
        "INSERT INTO orders (id, customer_id, displayable_id, total_cents) VALUES (2, NULL, 'PJ000002', 100)",
      ).run();
      const list = await ada.call('GET', '/api/customer/orders');
      expect(list.body.orders).toEqual([
        expect.objectContaining({ id: 1, displayableId: 'PJ000001', total: '42.00' }),
      ]);
      const detail = await ada.call('GET', '/api/customer/orders/1');
      expect(detail.body.order).toMatchObject({
        lineItems: [
          { title: 'Valve', sku: 'V-1', quantity: 2, unitPrice: '21.00', total: '42.00' },
        ],
      });
      expect((await ada.call('GET', '/api/customer/orders/2')).status).toBe(404);
      expect((await new Browser(app).call('GET', '/api/customer/orders')).status).toBe(401);
    });
  });

  describe('ownership: another customer ids on every account route', () => {
    it('answers 403 or 404 and changes nothing', async () => {
      const address = (await ada.call('POST', '/api/mailingAddresses', ADDRESS)).body
        .mailingAddress as Json;
      const card = addCardRow(db, adaId);
      const gift = addGiftCard(db, adaId);
      db.prepare(
        'INSERT INTO transactions (customer_id, displayable_id, amount_cents) VALUES (?, ?, 100)',
      ).run(adaId, 'TX-ADA');
      db.prepare(
        "INSERT INTO orders (id, customer_id, displayable_id) VALUES (50, ?, 'PJ000050')",
      ).run(adaId);
      await ada.call('PUT', '/api/user/recoveryEmail', {
        token: await botToken(ada),
        recoveryEmail: 'ada-backup@example.com',
      });
      const adaLinks = (await ada.call('GET', `/api/user/${adaId}/paymentMethods`)).body._links as {
        addPaymentMethod: { href: string };
      };

      const eve = new Browser(app, '10.6.6.6');
      const eveId = await eve.register('eve@example.com');
      const eveAddress = (await eve.call('POST', '/api/mailingAddresses', ADDRESS)).body
        .mailingAddress as Json;
      const attempts: [string, string, unknown?][] = [
        ['PUT', `/api/mailingAddresses/${String(address.id)}`, { city: 'Evil' }],
        ['DELETE', `/api/customer/${adaId}/mailingAddresses/${String(address.id)}`],
        ['DELETE', `/api/customer/${eveId}/mailingAddresses/${String(address.id)}`],
        ['GET', `/api/user/${adaId}/transactions`],
        ['GET', `/api/user/${adaId}/transactions?displayableId=TX`],
        ['GET', `/api/user/${adaId}/paymentMethods`],
        ['DELETE', `/api/user/${adaId}/paymentMethods/${card}`],
        ['DELETE', `/api/user/${eveId}/paymentMethods/${card}`],
        ['PUT', `/api/user/${adaId}/paymentMethods/${card}`, { mailingAddressId: eveAddress.id }],
        ['PUT', `/api/user/${eveId}/paymentMethods/${card}`, { mailingAddressId: eveAddress.id }],
        ['PUT', `/api/user/${eveId}/paymentMethods/${gift}`, { mailingAddressId: eveAddress.id }],
        ['GET', `/api/user/${adaId}/paymentMethods/new?token=x`],
        ['GET', adaLinks.addPaymentMethod.href],
        ['GET', '/api/customer/orders/50'],
      ];
      for (const [method, path, body] of attempts) {
        const reply = await eve.call(method, path, body);
        expect([403, 404], `${method} ${path}`).toContain(reply.status);
      }
      // Eve's own card cannot take Ada's address either.
      const eveCard = addCardRow(db, eveId, '1111');
      expect(
        (
          await eve.call('PUT', `/api/user/${eveId}/paymentMethods/${eveCard}`, {
            mailingAddressId: address.id,
          })
        ).status,
      ).toBe(404);
      // Eve's own views show none of Ada's records.
      expect((await eve.call('GET', `/api/user/${eveId}/transactions`)).body.transactions).toEqual(
        [],
      );
      expect((await eve.call('GET', '/api/customer/orders')).body.orders).toEqual([]);
      expect((await eve.call('GET', '/api/user/recoveryEmail')).body.recoveryEmail).toBeNull();
      const eveMethods = (await eve.call('GET', `/api/user/${eveId}/paymentMethods`)).body
        .paymentMethods as Json[];
      expect(eveMethods.map((m) => m.id)).toEqual([eveCard]);
      // Ada's records are unchanged.
      const adaAddresses = (
        (await ada.call('GET', '/api/customer')).body.customer as { MailingAddresses: Json[] }
      ).MailingAddresses;
      expect(adaAddresses).toEqual([expect.objectContaining({ id: address.id, city: 'Austin' })]);
      const adaMethods = (await ada.call('GET', `/api/user/${adaId}/paymentMethods`)).body
        .paymentMethods as Json[];
      expect(adaMethods.map((m) => [m.id, m.mailingAddressId])).toEqual([
        [gift, null],
        [card, null],
      ]);
    });

    it('refuses cross-site mutations with the victim cookie (CSRF)', async () => {
      const address = (await ada.call('POST', '/api/mailingAddresses', ADDRESS)).body
        .mailingAddress as Json;
      const card = addCardRow(db, adaId);
      const evil = { origin: 'https://evil.example' };
      expect(
        (
          await ada.call(
            'DELETE',
            `/api/customer/${adaId}/mailingAddresses/${String(address.id)}`,
            undefined,
            evil,
          )
        ).status,
      ).toBe(403);
      expect(
        (await ada.call('DELETE', `/api/user/${adaId}/paymentMethods/${card}`, undefined, evil))
          .status,
      ).toBe(403);
      expect(
        (
          await ada.call(
            'PUT',
            `/api/mailingAddresses/${String(address.id)}`,
            { city: 'X' },
            { 'content-type': 'text/plain' },
          )
        ).status,
      ).toBe(415);
      expect(
        (
          await ada.call(
            'PUT',
            '/api/user/recoveryEmail',
            { token: 'x', recoveryEmail: 'a@b.co' },
            evil,
          )
        ).status,
      ).toBe(403);
      expect((await ada.call('GET', '/api/customer')).body.customer).toMatchObject({
        MailingAddresses: [expect.objectContaining({ city: 'Austin' })],
      });
    });
  });
});
