// The address rules that the reference server and the address form both follow (spec:
// account-and-shell 2.3, 5, 7). No zod here: the account islands import this module.

/** The text fields of an address payload, in the form's order of the spec (2.3). */
export const ADDRESS_TEXT_FIELDS = [
  'countryCode',
  'stateCode',
  'address1',
  'address2',
  'city',
  'zip',
  'firstName',
  'lastName',
  'company',
  'phone',
] as const;
export type AddressTextField = (typeof ADDRESS_TEXT_FIELDS)[number];

/**
 * Fields an address payload may carry (spec 7: "JSON address fields (empty dropped),
 * countryCode, stateCode", and makeDefault); a field left out keeps its value on update.
 */
export type AddressFields = { [K in AddressTextField]?: string | undefined } & {
  makeDefault?: boolean | undefined;
};

/**
 * Fields a saved address must have (spec 5, required fields), with the words the server's
 * refusal uses. The state is required when the country has states: the form always asks for
 * it; the server checks it against the country's list.
 */
export const REQUIRED_ADDRESS_FIELDS = [
  ['countryCode', 'country'],
  ['stateCode', 'state'],
  ['address1', 'address line 1'],
  ['zip', 'postal code'],
  ['firstName', 'first name'],
  ['lastName', 'last name'],
  ['phone', 'phone'],
] as const satisfies readonly (readonly [AddressTextField, string])[];

/**
 * The payload of a form's values (spec 5 and 7: "on update, empty string fields are
 * dropped"): text trimmed, empty text left out, makeDefault always sent.
 */
export function addressFields(
  values: { [K in AddressTextField]: string } & { makeDefault: boolean },
): AddressFields & { makeDefault: boolean } {
  const fields: AddressFields = {};
  for (const key of ADDRESS_TEXT_FIELDS) {
    const value = values[key].trim();
    if (value !== '') fields[key] = value;
  }
  return { ...fields, makeDefault: values.makeDefault };
}
