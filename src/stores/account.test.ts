import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $account, loadAccount } from './account.ts';

describe('$account', () => {
  afterEach(() => {
    cleanStores($account);
    $account.set({ fetched: false, user: null });
  });

  it('holds the user the call returns, fetched', async () => {
    const user = { id: 1, email: 'a@b.co', firstName: 'A', lastName: 'B', verified: true };
    const call = vi.fn(() => Promise.resolve({ user })) as never;
    await loadAccount(call);
    expect($account.get()).toEqual({ fetched: true, user });
  });

  it('counts a guest or a failure as signed out, still fetched', async () => {
    await loadAccount((() => Promise.resolve({ user: null })) as never);
    expect($account.get()).toEqual({ fetched: true, user: null });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadAccount(() => Promise.reject(new Error('offline')));
    expect($account.get()).toEqual({ fetched: true, user: null });
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
  });
});
