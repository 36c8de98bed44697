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
