import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import {
  addressFields,
  REQUIRED_ADDRESS_FIELDS,
  type AddressFields,
} from '../../../shared/contracts/address-rules.ts';
import type { MailingAddress } from '../../../shared/contracts/addresses.ts';

/** The fields of the address form (spec: account-and-shell 2.3). */
export interface AddressForm {
  countryCode: string;
  stateCode: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  makeDefault: boolean;
}

export const EMPTY_FORM: AddressForm = {
  countryCode: '',
  stateCode: '',
  address1: '',
  address2: '',
  city: '',
  zip: '',
  firstName: '',
  lastName: '',
  company: '',
  phone: '',
  makeDefault: false,
};

/** The form's values for an address (spec 2.3: re-initialised whenever the address changes). */
export function formFromAddress(address: MailingAddress | undefined): AddressForm {
  if (address === undefined) return { ...EMPTY_FORM };
  return {
    countryCode: address.country,
    stateCode: address.state,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zip: address.zip,
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company,
    phone: address.phone,
    makeDefault: address.isDefault,
  };
}

/** Required fields (spec 5); the others are optional. */
export const REQUIRED_FIELDS: readonly (keyof AddressForm)[] = REQUIRED_ADDRESS_FIELDS.map(
  ([field]) => field,
);

/**
 * Whether a field shows the valid mark (spec 5: "marks show valid state only, with no
 * messages"): text is valid when not empty; the postal code must fit the selected country's
 * format when that format is known, else any format; the phone must pass a phone validator
 * for the selected country (or as an international number).
 */
export function isFieldValid(field: keyof AddressForm, form: AddressForm): boolean {
  if (field === 'makeDefault') return true;
  const value = form[field].trim();
  if (value === '') return false;
  const country = form.countryCode.toUpperCase();
  if (field === 'zip') {
    if (country && postcodeValidatorExistsForCountry(country))
      return postcodeValidator(value, country);
    return /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/.test(value);
  }
  if (field === 'phone') {
    try {
      return /^[A-Z]{2}$/.test(country)
        ? isValidPhoneNumber(value, country as CountryCode)
        : isValidPhoneNumber(value);
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The PUT/POST body (spec 5 and 7: "on update, empty string fields are dropped"), with
 * countryCode, stateCode and makeDefault.
 */
export function addressPayload(form: AddressForm): AddressFields {
  return addressFields(form);
}

/** The lines of an address card (spec 2.3). */
export interface AddressCardView {
  title: 'Default Address' | 'Mailing Address';
  /** The company, or the full name. */
  heading: string;
  /** The name when a company is shown. */
  nameLine: string | undefined;
  addressLine: string;
  cityLine: string;
  country: string;
}

export function addressCardView(address: MailingAddress): AddressCardView {
  const fullName = `${address.firstName} ${address.lastName}`.trim();
  const company = address.company.trim();
  return {
    title: address.isDefault ? 'Default Address' : 'Mailing Address',
    heading: company || fullName,
    nameLine: company ? fullName : undefined,
    addressLine: [address.address1, address.address2].filter((part) => part.trim()).join(', '),
    cityLine: [address.city, address.State?.title ?? address.state, address.zip]
      .filter((part) => part.trim())
      .join(', '),
    country: address.Country?.title ?? address.country,
  };
}
