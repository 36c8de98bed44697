import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testClient } from '../lib/api/client.testing.ts';
import { EMPTY_FORM, formFromAddress } from '../lib/account/address-form.ts';
import type { MailingAddress } from '../../shared/contracts/addresses.ts';
import { signedInApi } from './account-api.testing.ts';
import {
  createAddressStore,
  defaultAddressOf,
  marksOf,
  NOT_SAVED,
  REMOVE_FAILED,
  type AddressStore,
} from './addresses.ts';
import { createCustomerStore, type CustomerStore } from './customer.ts';

const mounted: (CustomerStore | AddressStore)[] = [];
afterEach(() => {
  for (const store of mounted.splice(0)) {
    if ('$customer' in store) cleanStores(store.$customer);
    else cleanStores(store.$addresses, store.$countries, store.$draftStates, store.$draft);
  }
});

async function setup() {
  const api = await signedInApi();
  const log = vi.fn<(message: string, error: unknown) => void>();
  const customer = createCustomerStore({ request: api.request });
  const store = createAddressStore({ request: api.request, customer, log });
  mounted.push(customer, store);
  return { api, store, log };
}

/** A server that answers every call with an empty object. */
const emptyReplies = testClient(() => Promise.resolve(new Response('{}'))).requestJson;

/** The ids of the list, with the default marked: "3*". */
const ids = (list: MailingAddress[] | null) =>
  list?.map((a) => `${String(a.id)}${a.isDefault ? '*' : ''}`);

describe('address store', () => {
  it('reads the list from the one customer call, null until it answered', async () => {
    const { api, store } = await setup();
    const first = await api.addAddress();
    const second = await api.addAddress({ address1: '9 Elm' });
    keepMount(store.$addresses);
    expect(store.$addresses.get()).toBeNull();
    await allTasks();
    expect(ids(store.$addresses.get())).toEqual([`${String(first.id)}*`, String(second.id)]);
    expect(store.$addressesError.get()).toBeNull();
    expect(api.calls).toEqual(['GET /api/customer']);
  });

  it('adds an address from the draft and reloads the list; the first is the default', async () => {
    const { api, store } = await setup();
    keepMount(store.$addresses);
    store.editAddress(undefined);
    store.changeDraft({ ...formFromAddress(undefined), countryCode: 'US' });
    store.changeDraft({
      stateCode: 'TX',
      address1: ' 12 Main St ',
      zip: '78701',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+1 512 555 0100',
    });
    const saved = await store.saveDraft();
    expect(saved).toMatchObject({
      address1: '12 Main St',
      isDefault: true,
      State: { title: 'Texas' },
    });
    expect(store.$addresses.get()).toEqual([saved]);
    expect(store.$draft.get().saving).toBe(false);
    expect(api.calls.slice(-2)).toEqual(['POST /api/mailingAddresses', 'GET /api/customer']);
  });

  it('edits an address: only the fields sent change, and makeDefault moves the default', async () => {
    const { api, store } = await setup();
    await api.addAddress();
    const second = await api.addAddress({ address1: '9 Elm' });
    store.editAddress(second);
    expect(store.$draft.get().form).toEqual(formFromAddress(second));
    store.changeDraft({ city: 'Albany', countryCode: 'US' });
    expect(store.$draft.get().form.stateCode).toBe('');
    store.changeDraft({ stateCode: 'NY', makeDefault: true });
    const saved = await store.saveDraft();
    expect(saved).toMatchObject({
      id: second.id,
      address1: '9 Elm',
      city: 'Albany',
      isDefault: true,
    });
    expect(ids(store.$addresses.get())).toEqual([`${String(second.id)}*`, expect.any(String)]);
  });

  it("throws the server's refusal and keeps the draft", async () => {
    const { api, store } = await setup();
    store.editAddress(undefined);
    store.changeDraft({ countryCode: 'US', stateCode: 'TX', firstName: 'Ada' });
    await expect(store.saveDraft()).rejects.toThrow('Enter the address line 1.');
    expect(store.$draft.get()).toMatchObject({ saving: false, form: { firstName: 'Ada' } });
    expect(api.calls).toEqual(['POST /api/mailingAddresses']);
  });

  it('refuses a reply without an address (spec 8: Address not updated)', async () => {
    const api = await signedInApi();
    const store = createAddressStore({
      request: emptyReplies,
      customer: createCustomerStore({ request: api.request }),
    });
    await expect(store.saveDraft()).rejects.toThrow(NOT_SAVED);
  });

  it('saves once while a save is running', async () => {
    const { api, store } = await setup();
    const address = await api.addAddress();
    store.editAddress(address);
    const [first, second] = await Promise.all([store.saveDraft(), store.saveDraft()]);
    expect(first).toMatchObject({ id: address.id });
    expect(second).toBeUndefined();
    expect(api.calls.filter((call) => call.startsWith('PUT'))).toHaveLength(1);
  });

  it('re-initialises the draft only when the address changes', async () => {
    const { api, store } = await setup();
    const address = await api.addAddress();
    store.editAddress(address);
    store.changeDraft({ city: 'Typed' });
    store.editAddress(address);
    expect(store.$draft.get().form.city).toBe('Typed');
    store.editAddress(undefined);
    expect(store.$draft.get().form).toEqual(EMPTY_FORM);
  });

  it('deletes an address; the oldest left becomes the default', async () => {
    const { api, store } = await setup();
    const first = await api.addAddress();
    const second = await api.addAddress({ address1: '9 Elm' });
    keepMount(store.$addresses);
    expect(await store.deleteAddress(api.userId, first)).toBeUndefined();
    expect(ids(store.$addresses.get())).toEqual([`${String(second.id)}*`]);
  });

  it("gives the server's words, or its own, when a delete fails", async () => {
    const { api, store } = await setup();
    const address = await api.addAddress();
    expect(await store.deleteAddress(api.userId + 1, address)).toMatch(/./);
    expect(await store.deleteAddress(api.userId, { ...address, id: address.id + 99 })).toBe(
      'That address was not found.',
    );
    const refusing = createAddressStore({
      request: emptyReplies,
      customer: createCustomerStore({ request: api.request }),
    });
    expect(await refusing.deleteAddress(api.userId, address)).toBe(REMOVE_FAILED);
  });

  it("loads the countries once, and the states of the draft's country", async () => {
    const { api, store } = await setup();
    keepMount(store.$countries);
    keepMount(store.$draftStates);
    await allTasks();
    await vi.waitFor(() => expect(store.$countries.get()).toHaveLength(3));
    expect(store.$draftStates.get()).toEqual([]);
    store.changeDraft({ countryCode: 'US' });
    await vi.waitFor(() =>
      expect(store.$draftStates.get().map((s) => s.stateCode)).toEqual(['NY', 'TX']),
    );
    store.changeDraft({ countryCode: 'CA' });
    await vi.waitFor(() =>
      expect(store.$draftStates.get().map((s) => s.stateCode)).toEqual(['ON']),
    );
    store.changeDraft({ countryCode: 'US' });
    await vi.waitFor(() => expect(store.$draftStates.get()).toHaveLength(2));
    store.changeDraft({ countryCode: '' });
    expect(store.$draftStates.get()).toEqual([]);
    expect(api.calls.filter((call) => call.includes('/api/states'))).toEqual([
      'GET /api/states?page=0&countryCode=US',
      'GET /api/states?page=0&countryCode=CA',
    ]);
  });

  it('only logs a country or state list that failed', async () => {
    const { api, store, log } = await setup();
    api.outage.status = 503;
    keepMount(store.$countries);
    keepMount(store.$draftStates);
    store.changeDraft({ countryCode: 'US' });
    await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(2));
    expect(log.mock.calls.map(([message]) => message).sort()).toEqual([
      '[account] countries failed to load:',
      '[account] states failed to load:',
    ]);
    api.outage.status = 0;
    store.changeDraft({ countryCode: 'CA' });
    store.changeDraft({ countryCode: 'US' });
    await vi.waitFor(() => expect(store.$draftStates.get()).toHaveLength(2));
  });
});

describe('marksOf and defaultAddressOf', () => {
  it('marks the valid fields of a form (spec 5)', () => {
    const marks = marksOf({ ...EMPTY_FORM, countryCode: 'US', zip: '78701', phone: '12' });
    expect(marks).toMatchObject({ countryCode: true, zip: true, phone: false, city: false });
    expect(marks.makeDefault).toBe(true);
  });

  it('chooses the default address, else the first', () => {
    const a = { id: 1, isDefault: false } as MailingAddress;
    const b = { id: 2, isDefault: true } as MailingAddress;
    expect(defaultAddressOf([a, b])).toBe(b);
    expect(defaultAddressOf([a])).toBe(a);
    expect(defaultAddressOf([])).toBeUndefined();
  });
});
