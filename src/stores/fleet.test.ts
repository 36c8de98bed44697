import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { atom, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EMPTY_FLEET,
  FLEET_KEY,
  parseFleet,
  type Fleet,
  type FleetMachine,
} from '../../shared/fitment/fleet.ts';
import { signedInApi } from './account-api.testing.ts';
import {
  $activeMachine,
  $fleet,
  chooseFleetMachine,
  createFleetAccount,
  forgetMachine,
  saveMachine,
} from './fleet.ts';

const machine = (model: string): FleetMachine => ({
  brand: 'Crown',
  brandHandle: 'crown',
  model,
  modelHandle: model.toLowerCase(),
  serial: '',
  nickname: '',
});

beforeAll(() => {
  useTestStorageEngine();
});

afterEach(() => {
  cleanStores($fleet, $activeMachine);
  cleanTestStorage();
});

describe('the fleet store', () => {
  it('keeps the machines in local storage and follows the chosen one', () => {
    keepMount($activeMachine);
    saveMachine(machine('PTH50'));
    saveMachine(machine('WP3000'));
    expect($activeMachine.get()?.model).toBe('WP3000');
    chooseFleetMachine(1);
    expect($activeMachine.get()?.model).toBe('PTH50');
    expect(parseFleet(getTestStorage()[FLEET_KEY])).toEqual($fleet.get());
    forgetMachine(1);
    expect($activeMachine.get()).toBeUndefined();
  });

  it('reads a stored fleet another tab wrote, and a broken one as none', () => {
    keepMount($fleet);
    setTestStorageKey(FLEET_KEY, JSON.stringify({ machines: [machine('PTH50')], active: 0 }));
    expect($activeMachine.get()?.model).toBe('PTH50');
    setTestStorageKey(FLEET_KEY, '{broken');
    expect($fleet.get().machines).toEqual([]);
  });
});

describe('the fleet kept with the account', () => {
  const pth50 = machine('PTH50');
  const wp3000 = machine('WP3000');

  async function setUp() {
    const api = await signedInApi();
    const store = atom<Fleet>(EMPTY_FLEET);
    const logged: string[] = [];
    const account = createFleetAccount(store, {
      request: api.request,
      signedIn: () => Promise.resolve(true),
      log: (message) => logged.push(message),
    });
    const accountFleet = async () =>
      (await api.browser.call('GET', '/api/customer/fleet')).body.fleet as Fleet;
    return { api, store, account, logged, accountFleet };
  }

  it('merges a guest’s machines into the account on sign-in and saves both ways', async () => {
    const { api, store, account, accountFleet } = await setUp();
    await api.browser.call('PUT', '/api/customer/fleet', {
      fleet: { machines: [wp3000], active: 0 },
    });
    store.set({ machines: [pth50], active: 0 });
    await account.link();
    await vi.waitFor(async () => {
      expect((await accountFleet()).machines).toHaveLength(2);
    });
    // The account's machine first, the guest's after it, and the guest's choice kept.
    expect(store.get()).toEqual({ machines: [wp3000, pth50], active: 1 });
    expect(await accountFleet()).toEqual(store.get());
  });

  it('saves each later change whole, the newest last', async () => {
    const { store, account, accountFleet } = await setUp();
    await account.link();
    store.set({ machines: [pth50], active: 0 });
    account.changed();
    store.set({ machines: [wp3000, pth50], active: 0 });
    account.changed();
    await vi.waitFor(async () => {
      expect(await accountFleet()).toEqual({ machines: [wp3000, pth50], active: 0 });
    });
  });

  it('leaves a guest’s fleet to the browser, and keeps it when the account fails', async () => {
    const { api, store, account, logged } = await setUp();
    const guest = createFleetAccount(store, {
      request: api.request,
      signedIn: () => Promise.resolve(false),
      log: () => undefined,
    });
    store.set({ machines: [pth50], active: 0 });
    await guest.link();
    guest.changed();
    expect(api.calls.filter((call) => call.includes('/fleet'))).toEqual([]);
    api.outage.status = 503;
    await account.link();
    expect(store.get()).toEqual({ machines: [pth50], active: 0 });
    expect(logged).toEqual(['[fleet] could not read the account’s fleet:']);
  });
});
