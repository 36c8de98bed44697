import { describe, expect, it } from 'vitest';
import { Browser, customerAppPerTest } from '../testing/accounts.ts';

// A signed-in customer's fleet (issue 31, item 8): kept in the account, read and written whole,
// checked like the browser's, and nobody else's to read or change.

const ctx = customerAppPerTest({ start: '2026-11-28T12:00:00Z', email: 'ada@example.com' });
const pth50 = {
  brand: 'Crown',
  brandHandle: 'crown',
  model: 'PTH50',
  modelHandle: 'pth50',
  serial: '1A123456',
  nickname: 'Dock 3',
};

async function signedIn(email = 'ada@example.com') {
  const browser = new Browser(ctx.app);
  expect((await browser.login(email)).status).toBe(200);
  return browser;
}

describe('/api/customer/fleet', () => {
  it('is empty for a new customer, then keeps what was put', async () => {
    const browser = await signedIn();
    expect((await browser.call('GET', '/api/customer/fleet')).body).toEqual({
      fleet: { machines: [], active: null },
    });
    const fleet = { machines: [pth50, { ...pth50, serial: '', nickname: '' }], active: 1 };
    expect(await browser.call('PUT', '/api/customer/fleet', { fleet })).toMatchObject({
      status: 200,
      body: { fleet },
    });
    expect((await browser.call('GET', '/api/customer/fleet')).body).toEqual({ fleet });
  });

  it('refuses a fleet that does not read, and keeps the one it had', async () => {
    const browser = await signedIn();
    const fleet = { machines: [pth50], active: 0 };
    await browser.call('PUT', '/api/customer/fleet', { fleet });
    for (const bad of [
      { machines: [{ ...pth50, brandHandle: '<b>' }], active: 0 },
      { machines: [pth50], active: 3 },
      { machines: [pth50, { ...pth50, serial: '1a 123 456'.replace(/ /g, '') }], active: 0 },
      {
        machines: Array.from({ length: 21 }, (_, n) => ({ ...pth50, serial: String(n) })),
        active: null,
      },
      { machines: [pth50], active: 0, extra: true },
    ]) {
      expect((await browser.call('PUT', '/api/customer/fleet', { fleet: bad })).status).toBe(400);
    }
    expect((await browser.call('GET', '/api/customer/fleet')).body).toEqual({ fleet });
  });

  it("needs a session, and the store's own origin to change", async () => {
    const guest = new Browser(ctx.app);
    expect((await guest.call('GET', '/api/customer/fleet')).status).toBe(401);
    const browser = await signedIn();
    const fleet = { machines: [pth50], active: 0 };
    const foreign = await browser.call(
      'PUT',
      '/api/customer/fleet',
      { fleet },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign.status).toBe(403);
  });
});
