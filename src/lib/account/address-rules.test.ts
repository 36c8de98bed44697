import { describe, expect, it } from 'vitest';
import { EMPTY_FORM } from './address-form.ts';
import { addressFields, REQUIRED_ADDRESS_FIELDS } from '../../../shared/contracts/address-rules.ts';

const blank = EMPTY_FORM;

describe('address rules', () => {
  it('trims the fields, drops empty ones and always sends makeDefault', () => {
    expect(addressFields({ ...blank, firstName: ' Ada ', city: '   ', countryCode: 'US' })).toEqual(
      {
        firstName: 'Ada',
        countryCode: 'US',
        makeDefault: false,
      },
    );
    expect(addressFields({ ...blank, makeDefault: true })).toEqual({ makeDefault: true });
  });

  it('requires the fields of spec 5, each with the words of its refusal', () => {
    expect(Object.fromEntries(REQUIRED_ADDRESS_FIELDS)).toEqual({
      countryCode: 'country',
      stateCode: 'state',
      address1: 'address line 1',
      zip: 'postal code',
      firstName: 'first name',
      lastName: 'last name',
      phone: 'phone',
    });
  });
});
