import { describe, expect, it } from 'vitest';
import { ACCOUNT_HOME, GUEST_LINKS, USER_LINKS } from './account-links.ts';

describe('account links (spec storefront 2)', () => {
  it('offer a guest Sign in and Create an account', () => {
    expect(GUEST_LINKS).toEqual([
      { label: 'Sign in', href: '/login' },
      { label: 'Create an account', href: '/register' },
    ]);
  });

  it('offer a signed-in user Sign Out, and everyone the account home', () => {
    expect(USER_LINKS).toEqual([{ label: 'Sign Out', href: '/logout' }]);
    expect(ACCOUNT_HOME.href).toBe('/myaccount.asp');
  });
});
