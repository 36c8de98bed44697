import { atom, onMount, task, type ReadableAtom } from 'nanostores';
import type { RequestJson } from '../lib/api/client.ts';

/** The signed-in user (spec: account-and-shell 3, User). */
export interface AccountUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  verified: boolean;
}

/**
 * spec 4: "logged in when the user call returns a user; a fetched flag is set either way".
 * `failed`: the call itself failed (spec 8: only logged); the visitor then counts as signed
 * out, but nothing that depends on being a guest should act on it (the exit-intent popup).
 */
export interface UserState {
  fetched: boolean;
  user: AccountUser | null;
  failed: boolean;
}

/** Before the user call has answered. */
export const USER_NOT_FETCHED: UserState = { fetched: false, user: null, failed: false };

/** What the store needs from outside; tests pass a client over a fake fetch. */
export interface UserDeps {
  /**
   * The API client's call. By default the client is imported when the store first loads:
   * the header's account links run on every page at load, and the shell's JavaScript budget
   * (tests/e2e/budget.spec.ts) has no room for the client there.
   */
  request?: RequestJson;
  log?: (message: string, error: unknown) => void;
  /**
   * Whether the store may load itself when read: not while the build renders an island (a
   * read there would call the API by a relative URL, which fails on the server).
   */
  browser?: boolean;
}

/** The store and its actions. */
export interface UserStore {
  /** Loads itself (GET /api/user, once per page) when the first island or script listens. */
  $user: ReadableAtom<UserState>;
  /** The one user call of the page; later calls share its answer. */
  loadUser: () => Promise<UserState>;
  /** true signed in, false guest, undefined when the user call failed. */
  signedIn: () => Promise<boolean | undefined>;
}

/**
 * The user of a GET /api/user reply: `{ user: {...} }` with an id; null for a guest
 * (`{ user: null }`) and anything malformed (account-and-shell 4).
 */
export function userOf(body: unknown): AccountUser | null {
  const user =
    body !== null && typeof body === 'object' ? (body as { user?: unknown }).user : undefined;
  return user !== null &&
    typeof user === 'object' &&
    typeof (user as { id?: unknown }).id === 'number'
    ? (user as AccountUser)
    : null;
}

/**
 * Builds the user store: one GET /api/user per page, however many parts of it want the user
 * (the header's account links, the exit-intent popup, the account islands).
 */
export function createUserStore(deps: UserDeps = {}): UserStore {
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const $user = atom<UserState>(USER_NOT_FETCHED);
  let loading: Promise<UserState> | undefined;

  const load = async (): Promise<UserState> => {
    try {
      const request = deps.request ?? (await import('../lib/api/client.ts')).requestJson;
      const reply = await request('GET', '/api/user');
      if (!reply.ok) throw new Error(`GET /api/user answered ${String(reply.status)}`);
      if (!reply.readable) throw new Error('GET /api/user sent a reply that is not JSON');
      $user.set({ fetched: true, user: userOf(reply.body), failed: false });
    } catch (error) {
      // spec account-and-shell 8: a failure of the user call is only logged.
      log('[shell] could not load the user:', error);
      $user.set({ fetched: true, user: null, failed: true });
    }
    return $user.get();
  };

  const loadUser = () => (loading ??= task(load));

  onMount($user, () => {
    if (deps.browser === false) return;
    void loadUser();
  });

  const signedIn = async () => {
    const state = await loadUser();
    return state.failed ? undefined : state.user !== null;
  };

  return { $user, loadUser, signedIn };
}

export const { $user, loadUser, signedIn } = createUserStore({
  browser: typeof window !== 'undefined',
});
