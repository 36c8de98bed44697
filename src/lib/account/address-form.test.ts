import { describe, expect, it } from 'vitest';
import {
  addressCardView,
  addressPayload,
  EMPTY_FORM,
  formFromAddress,
  isFieldValid,
} from './address-form.ts';
import type { MailingAddress } from '../../../shared/contracts/account.ts';

const address: MailingAddress = {
  id: 3,
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Engines Ltd',
  address1: '12 Main St',
  address2: 'Suite 4',
  city: 'Austin',
  zip: '78701',
  state: 'TX',
  State: { stateCode: 'TX', title: 'Texas' },
  country: 'US',
  Country: { countryCode: 'US', title: 'United States' },
  phone: '+1 512 555 0100',
  isDefault: true,
};

describe('isFieldValid', () => {
  const form = { ...formFromAddress(address) };
  it('checks the postal code against the chosen country', () => {
    expect(isFieldValid('zip', form)).toBe(true);
    expect(isFieldValid('zip', { ...form, zip: 'SW1A 1AA' })).toBe(false);
    expect(isFieldValid('zip', { ...form, countryCode: 'GB', zip: 'SW1A 1AA' })).toBe(true);
    expect(isFieldValid('zip', { ...form, countryCode: 'CA', zip: 'K1A 0B1' })).toBe(true);
    expect(isFieldValid('zip', { ...form, countryCode: '', zip: 'K1A 0B1' })).toBe(true);
    expect(isFieldValid('zip', { ...form, countryCode: '', zip: '' })).toBe(false);
  });
  it('checks the phone with a phone validator', () => {
    expect(isFieldValid('phone', form)).toBe(true);
    expect(isFieldValid('phone', { ...form, phone: '(512) 555-01' })).toBe(false);
    expect(isFieldValid('phone', { ...form, phone: '(212) 736-3100' })).toBe(true);
    expect(isFieldValid('phone', { ...form, phone: '12' })).toBe(false);
    expect(isFieldValid('phone', { ...form, countryCode: '', phone: '+44 20 7946 0958' })).toBe(
      true,
    );
  });
  it('accepts any non-empty text for text fields', () => {
    expect(isFieldValid('firstName', form)).toBe(true);
    expect(isFieldValid('firstName', { ...form, firstName: '   ' })).toBe(false);
  });
});

describe('addressPayload', () => {
  it('drops empty strings and sends makeDefault', () => {
    expect(
      addressPayload({ ...EMPTY_FORM, firstName: ' Ada ', countryCode: 'US', makeDefault: true }),
    ).toEqual({
      firstName: 'Ada',
      countryCode: 'US',
      makeDefault: true,
    });
  });
});

describe('addressCardView', () => {
  it('shows the company first and the name on a second line', () => {
    expect(addressCardView(address)).toEqual({
      title: 'Default Address',
      heading: 'Engines Ltd',
      nameLine: 'Ada Lovelace',
      addressLine: '12 Main St, Suite 4',
      cityLine: 'Austin, Texas, 78701',
      country: 'United States',
    });
  });
  it('shows the full name without a company', () => {
    const view = addressCardView({ ...address, company: '', isDefault: false, address2: '' });
    expect(view).toMatchObject({
      title: 'Mailing Address',
      heading: 'Ada Lovelace',
      nameLine: undefined,
      addressLine: '12 Main St',
    });
  });
});
