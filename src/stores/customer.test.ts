import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInApi } from './account-api.testing.ts';
import { createCustomerStore, CUSTOMER_NOT_FETCHED, type CustomerStore } from './customer.ts';

const stores: CustomerStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) cleanStores(store.$customer);
});

async function setup() {
  const api = await signedInApi();
  const store = createCustomerStore({ request: api.request });
  stores.push(store);
  return { api, store };
}

describe('$customer', () => {
  it('loads GET /api/customer itself when first listened to, once for every listener', async () => {
    const { api, store } = await setup();
    const address = await api.addAddress();
    expect(store.$customer.get()).toEqual(CUSTOMER_NOT_FETCHED);
    keepMount(store.$customer);
    const seen: boolean[] = [];
    store.$customer.subscribe((state) => seen.push(state.fetched));
    await allTasks();
    expect(store.$customer.get()).toEqual({
      fetched: true,
      customer: { id: api.userId, MailingAddresses: [address] },
      error: null,
    });
    await store.loadCustomer();
    expect(api.calls).toEqual(['GET /api/customer']);
    expect(seen).toEqual([false, true]);
  });

  it('asks again on reload, and sees what changed', async () => {
    const { api, store } = await setup();
    expect((await store.loadCustomer()).customer?.MailingAddresses).toEqual([]);
    const address = await api.addAddress();
    expect((await store.reloadCustomer()).customer?.MailingAddresses).toEqual([address]);
    expect(await store.loadCustomer()).toBe(store.$customer.get());
    expect(api.calls).toEqual(['GET /api/customer', 'GET /api/customer']);
  });

  it('holds a guest as a null customer', async () => {
    const { api, store } = await setup();
    await api.browser.call('POST', '/api/auth/logout', {});
    expect(await store.loadCustomer()).toEqual({ fetched: true, customer: null, error: null });
  });

  it("keeps the server's words of a failure for the notice", async () => {
    const { api, store } = await setup();
    api.outage.status = 503;
    expect(await store.loadCustomer()).toEqual({
      fetched: true,
      customer: null,
      error: 'The store is down.',
    });
  });
});
