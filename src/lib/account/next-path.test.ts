import { describe, expect, it } from 'vitest';
import { loginRedirect, nextPath } from './next-path.ts';

describe('nextPath', () => {
  it('keeps a path on this site', () => {
    expect(nextPath('?next=%2Fwallet')).toBe('/wallet');
  });
  it.each([
    '',
    '?next=%2F%2Fevil.example',
    '?next=https%3A%2F%2Fevil.example',
    '?next=%2F%5Cevil.example',
  ])('refuses other origins: %j goes to the account page', (search) => {
    expect(nextPath(search)).toBe('/myaccount.asp');
  });
  it('builds the sign-in link back to the page', () => {
    expect(loginRedirect({ pathname: '/wallet', search: '?tab=2' })).toBe(
      '/login.asp?next=%2Fwallet%3Ftab%3D2',
    );
  });
});
