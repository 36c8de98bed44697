import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testClient } from '../lib/api/client.testing.ts';
import { createUserStore, userOf, USER_NOT_FETCHED, type UserStore } from './account.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

const user = { id: 1, email: 'a@b.co', firstName: 'A', lastName: 'B', verified: true };

/** A store over a fake fetch, with the log kept. */
function harness(fetch: Fetch) {
  const calls = vi.fn(fetch);
  const log = vi.fn<(message: string, error: unknown) => void>();
  const store = createUserStore({ request: testClient(calls).requestJson, log });
  return { store, calls, log };
}

const answer =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
    );

let stores: UserStore[] = [];
const track = (store: UserStore) => {
  stores.push(store);
  return store;
};

describe('$user', () => {
  afterEach(() => {
    for (const store of stores) cleanStores(store.$user);
    stores = [];
  });

  it('loads GET /api/user itself when first listened to, once for every listener', async () => {
    const { store, calls } = harness(answer({ user }));
    track(store);
    expect(store.$user.get()).toEqual(USER_NOT_FETCHED);
    keepMount(store.$user);
    const seen: boolean[] = [];
    store.$user.subscribe((state) => seen.push(state.fetched));
    await allTasks();
    expect(store.$user.get()).toEqual({ fetched: true, user, failed: false });
    expect(await store.loadUser()).toEqual({ fetched: true, user, failed: false });
    expect(await store.signedIn()).toBe(true);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(calls.mock.calls[0]?.[0]).toBe('/api/user');
    expect(calls.mock.calls[0]?.[1].credentials).toBe('same-origin');
    expect(seen).toEqual([false, true]);
  });

  it('does not load while the build renders an island (no browser)', async () => {
    const calls = vi.fn(answer({ user }));
    const store = track(
      createUserStore({ request: testClient(calls).requestJson, browser: false }),
    );
    // An island's server render reads the store: nanostores mounts it for the read.
    expect(store.$user.get()).toEqual(USER_NOT_FETCHED);
    keepMount(store.$user);
    await allTasks();
    expect(calls).not.toHaveBeenCalled();
    expect(store.$user.get()).toEqual(USER_NOT_FETCHED);
  });

  it('holds a guest as signed out, fetched', async () => {
    const { store, log } = harness(answer({ user: null }));
    expect(await store.loadUser()).toEqual({ fetched: true, user: null, failed: false });
    expect(await store.signedIn()).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    ['a refusal', answer({ error: 'down' }, 503), 'GET /api/user answered 503'],
    ['a reply that is not JSON', answer('<html>'), 'not JSON'],
    ['no reply', () => Promise.reject(new TypeError('Failed to fetch')), 'Something went wrong'],
  ])('counts %s as signed out, fetched and failed, and only logs it', async (_, fetch, text) => {
    const { store, log } = harness(fetch);
    expect(await store.loadUser()).toEqual({ fetched: true, user: null, failed: true });
    expect(await store.signedIn()).toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toBe('[shell] could not load the user:');
    expect(String(log.mock.calls[0]?.[1])).toContain(text);
  });
});

describe('userOf', () => {
  it('reads the user of a reply, or null', () => {
    expect(userOf({ user })).toEqual(user);
    expect(userOf({ user: null })).toBeNull();
    expect(userOf({ user: { id: '1' } })).toBeNull();
    expect(userOf(null)).toBeNull();
    expect(userOf('x')).toBeNull();
  });
});
