import { useEffect } from 'react';
import { loginRedirect } from '../../lib/account/next-path.ts';
import { $user, USER_NOT_FETCHED } from '../../stores/account.ts';
import { useHydratingStore } from '../shared/index.ts';

/**
 * The signed-in user from $user (which loads itself once per page); a signed-out visitor is
 * sent to /login.asp (spec 2.4, 2.5, 6), coming back here after signing in.
 */
export function useSignedInUser() {
  // The header's account links often load $user before this island hydrates; the first
  // render must match the built HTML (not fetched), or React reports #418.
  const state = useHydratingStore($user, USER_NOT_FETCHED);
  useEffect(() => {
    if (state.fetched && state.user === null)
      window.location.replace(loginRedirect(window.location));
  }, [state]);
  return state;
}
