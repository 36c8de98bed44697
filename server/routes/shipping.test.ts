import { describe, expect, it } from 'vitest';
import { expectErrorReply, testApp } from '../testing/app.ts';

const amount = async (app: ReturnType<typeof testApp>['app']) => {
  const res = await app.request('http://localhost/api/shippingPolicies/freeShippingAmount');
  expect(res.status).toBe(200);
  return (await res.json()) as unknown;
};

describe('GET /api/shippingPolicies/freeShippingAmount', () => {
  it('defaults to 199 when the store has not set an amount', async () => {
    const { app } = testApp();
    expect(await amount(app)).toEqual({ freeShippingAmount: 199 });
  });

  it('returns the amount from the settings table', async () => {
    const { app, db } = testApp();
    db.prepare("INSERT INTO settings (key, value) VALUES ('freeShippingAmount', '249.5')").run();
    expect(await amount(app)).toEqual({ freeShippingAmount: 249.5 });
  });

  it('returns -1 when the store offers no free shipping (spec storefront 9)', async () => {
    const { app, db } = testApp();
    db.prepare("INSERT INTO settings (key, value) VALUES ('freeShippingAmount', '-1')").run();
    expect(await amount(app)).toEqual({ freeShippingAmount: -1 });
  });

  it('returns 0 (everything ships free) as it is', async () => {
    const { app, db } = testApp();
    db.prepare("INSERT INTO settings (key, value) VALUES ('freeShippingAmount', '0')").run();
    expect(await amount(app)).toEqual({ freeShippingAmount: 0 });
  });

  it.each(['not json', '"199"', '-5', 'null', '{"amount":1}', '1e999'])(
    'falls back to the default for an unusable stored value %s',
    async (value) => {
      const { app, db } = testApp();
      db.prepare("INSERT INTO settings (key, value) VALUES ('freeShippingAmount', ?)").run(value);
      expect(await amount(app)).toEqual({ freeShippingAmount: 199 });
    },
  );

  it('answers unknown shipping paths with 404 JSON', async () => {
    const { app } = testApp();
    const res = await app.request('http://localhost/api/shippingPolicies/other');
    await expectErrorReply(res, 404, 'Not found.');
  });
});
