import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { loginRedirect } from '../../lib/account/next-path.ts';
import { $user } from '../../stores/account.ts';

/**
 * The signed-in user from $user (which loads itself once per page); a signed-out visitor is
 * sent to /login.asp (spec 2.4, 2.5, 6), coming back here after signing in.
 */
export function useSignedInUser() {
  const state = useStore($user);
  useEffect(() => {
    if (state.fetched && state.user === null)
      window.location.replace(loginRedirect(window.location));
  }, [state]);
  return state;
}
