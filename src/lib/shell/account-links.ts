/** A link of the header's account area. */
export interface AccountLink {
  label: string;
  href: string;
}

/** spec storefront 2: a guest sees 'Sign in' and 'Create an account'. */
export const GUEST_LINKS: readonly AccountLink[] = [
  { label: 'Sign in', href: '/login' },
  { label: 'Create an account', href: '/register' },
];
/** spec storefront 2: a signed-in user sees 'Sign Out'. */
export const USER_LINKS: readonly AccountLink[] = [{ label: 'Sign Out', href: '/logout' }];
/** Shown to everyone (spec storefront 2, "Links"). */
export const ACCOUNT_HOME: AccountLink = { label: 'My Account', href: '/myaccount.asp' };

/**
 * Whether the reply of GET /api/user is a signed-in user: `{ user: {...} }` with an id;
 * `{ user: null }` and anything malformed count as a guest (account-and-shell 4).
 */
export function isSignedIn(reply: unknown): boolean {
  if (reply === null || typeof reply !== 'object') return false;
  const user = (reply as { user?: unknown }).user;
  return user !== null && typeof user === 'object' && 'id' in user;
}
