import { isSignedIn } from './account-links.ts';

let userReply: Promise<unknown> | undefined;

/**
 * The reply of GET /api/user, asked once per page however many scripts want it (the
 * exit-intent popup and the realtime visit). Rejects when the call fails.
 */
export function currentUserReply(fetchImpl: typeof fetch = fetch): Promise<unknown> {
  userReply ??= fetchImpl('/api/user', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  }).then((reply) => {
    if (!reply.ok) throw new Error(`GET /api/user answered ${String(reply.status)}`);
    return reply.json() as Promise<unknown>;
  });
  return userReply;
}

/**
 * true signed in, false guest, undefined when the user call failed (spec account-and-shell
 * 8: only logged; nothing that depends on being a guest happens then).
 */
export async function signedInState(fetchImpl: typeof fetch = fetch): Promise<boolean | undefined> {
  try {
    return isSignedIn(await currentUserReply(fetchImpl));
  } catch (error) {
    console.error('[shell] could not load the user:', error);
    return undefined;
  }
}

/** Forgets the cached reply (tests). */
export function resetCurrentUser(): void {
  userReply = undefined;
}
