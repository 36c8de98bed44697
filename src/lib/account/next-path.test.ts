import { describe, expect, it } from 'vitest';
import { loginRedirect, nextPath } from './next-path.ts';

describe('nextPath', () => {
  it('keeps a path on this site and refuses other origins', () => {
    expect(nextPath('?next=%2Fwallet')).toBe('/wallet');
    expect(nextPath('')).toBe('/myaccount.asp');
    expect(nextPath('?next=%2F%2Fevil.example')).toBe('/myaccount.asp');
    expect(nextPath('?next=https%3A%2F%2Fevil.example')).toBe('/myaccount.asp');
    expect(nextPath('?next=%2F%5Cevil.example')).toBe('/myaccount.asp');
  });
  it('builds the sign-in link back to the page', () => {
    expect(loginRedirect({ pathname: '/wallet', search: '?tab=2' })).toBe(
      '/login.asp?next=%2Fwallet%3Ftab%3D2',
    );
  });
});
