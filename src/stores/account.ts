import { atom } from 'nanostores';
import { accountCall } from '../lib/account/api.ts';

/** The signed-in user (spec: account-and-shell 3, User). */
export interface AccountUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  verified: boolean;
}

/** spec 4: "logged in when the user call returns a user; a fetched flag is set either way". */
export interface UserState {
  fetched: boolean;
  user: AccountUser | null;
}

export const $account = atom<UserState>({ fetched: false, user: null });

/** Loads the user once per page; a failure counts as signed out and is only logged (spec 8). */
export async function loadAccount(call: typeof accountCall = accountCall): Promise<UserState> {
  try {
    const { user } = await call<{ user: AccountUser | null }>('GET', '/api/user');
    $account.set({ fetched: true, user: user && typeof user.id === 'number' ? user : null });
  } catch (error) {
    console.error('[account] could not load the user:', error);
    $account.set({ fetched: true, user: null });
  }
  return $account.get();
}
