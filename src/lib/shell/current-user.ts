import { getJson, type ApiClient } from '../api/client.ts';
import { isSignedIn } from './account-links.ts';

let userReply: Promise<unknown> | undefined;

/**
 * The reply of GET /api/user, asked once per page however many scripts want it (the
 * exit-intent popup and the realtime visit), through the API client. Rejects when the call
 * fails.
 */
export function currentUserReply(get: ApiClient['getJson'] = getJson): Promise<unknown> {
  userReply ??= get<unknown>('/api/user');
  return userReply;
}

/**
 * true signed in, false guest, undefined when the user call failed (spec account-and-shell
 * 8: only logged; nothing that depends on being a guest happens then).
 */
export async function signedInState(
  get: ApiClient['getJson'] = getJson,
): Promise<boolean | undefined> {
  try {
    return isSignedIn(await currentUserReply(get));
  } catch (error) {
    console.error('[shell] could not load the user:', error);
    return undefined;
  }
}

/** Forgets the cached reply (tests). */
export function resetCurrentUser(): void {
  userReply = undefined;
}
