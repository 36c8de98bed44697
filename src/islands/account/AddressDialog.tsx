import { useEffect, useState, type FormEvent } from 'react';
import {
  addressPayload,
  formFromAddress,
  isFieldValid,
  REQUIRED_FIELDS,
  type AddressForm,
} from '../../lib/account/address-form.ts';
import type { MailingAddress } from '../../lib/contracts/account.ts';
import { accountCall, messageOf } from '../../lib/account/api.ts';
import { Modal } from './Modal.tsx';

interface Country {
  countryCode: string;
  title: string;
}
interface State {
  stateCode: string;
  title: string;
}

const TEXT_FIELDS: [keyof AddressForm, string, string][] = [
  ['address1', 'Address line 1', 'address-line1'],
  ['address2', 'Address line 2', 'address-line2'],
  ['city', 'City', 'address-level2'],
  ['zip', 'Postal code', 'postal-code'],
  ['firstName', 'First name', 'given-name'],
  ['lastName', 'Last name', 'family-name'],
  ['company', 'Company', 'organization'],
  ['phone', 'Phone', 'tel'],
];

/**
 * The address modal of spec 2.3: 'Edit Mailing Address' with Close and Confirm. The form
 * re-initialises when the address changes; the states reload when the country changes; the
 * other fields appear once a country is chosen. Marks show valid fields only, no messages
 * (spec 5); the server's reply is the only check that blocks saving.
 */
export function AddressDialog({
  address,
  open,
  onClose,
  onSaved,
}: {
  address: MailingAddress | undefined;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: MailingAddress) => void;
}) {
  const [form, setForm] = useState<AddressForm>(() => formFromAddress(address));
  const [countries, setCountries] = useState<Country[]>([]);
  const [states, setStates] = useState<State[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => setForm(formFromAddress(address)), [address]);
  useEffect(() => {
    accountCall<{ countries: Country[] }>('GET', '/api/countries')
      .then((reply) => setCountries(reply.countries))
      .catch((error: unknown) => console.error('[account] countries failed to load:', error)); // spec 8
  }, []);
  useEffect(() => {
    if (form.countryCode === '') {
      setStates([]);
      return;
    }
    let current = true;
    accountCall<{ states: State[] }>(
      'GET',
      `/api/states?page=0&countryCode=${encodeURIComponent(form.countryCode)}`,
    )
      .then((reply) => {
        if (current) setStates(reply.states);
      })
      .catch((error: unknown) => console.error('[account] states failed to load:', error)); // spec 8
    return () => {
      current = false;
    };
  }, [form.countryCode]);

  const mark = (field: keyof AddressForm) => (isFieldValid(field, form) ? 'valid' : undefined);
  const required = (field: keyof AddressForm) =>
    (REQUIRED_FIELDS as readonly string[]).includes(field);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const path =
        address === undefined ? '/api/mailingAddresses' : `/api/mailingAddresses/${address.id}`;
      const reply = await accountCall<{ mailingAddress?: MailingAddress }>(
        address === undefined ? 'POST' : 'PUT',
        path,
        addressPayload(form),
      );
      if (!reply.mailingAddress) throw new Error('Address not updated'); // spec 8
      onSaved(reply.mailingAddress);
    } catch (error) {
      console.error('[account] address not saved:', error);
      window.alert(messageOf(error)); // spec 8: "shows its message in a browser alert"
    } finally {
      setBusy(false);
    }
  }

  const title = address === undefined ? 'Add Mailing Address' : 'Edit Mailing Address';
  return (
    <Modal
      open={open}
      titleId="address-dialog-title"
      title={title}
      onCancel={onClose}
      onClose={onClose}
      onSubmit={(event) => void confirm(event)}
    >
      <div className="dialog-body">
        <div className="acct-field">
          <label htmlFor="address-country">Country</label>
          <select
            id="address-country"
            name="countryCode"
            autoComplete="country"
            className={mark('countryCode')}
            value={form.countryCode}
            required
            onChange={(event) =>
              setForm({ ...form, countryCode: event.target.value, stateCode: '' })
            }
          >
            <option value="">Choose a country</option>
            {countries.map((country) => (
              <option key={country.countryCode} value={country.countryCode}>
                {country.title}
              </option>
            ))}
          </select>
        </div>
        {form.countryCode !== '' && (
          <>
            <div className="acct-field">
              <label htmlFor="address-state">State</label>
              <select
                id="address-state"
                name="stateCode"
                autoComplete="address-level1"
                className={mark('stateCode')}
                value={form.stateCode}
                onChange={(event) => setForm({ ...form, stateCode: event.target.value })}
              >
                <option value="">Choose a state</option>
                {states.map((state) => (
                  <option key={state.stateCode} value={state.stateCode}>
                    {state.title}
                  </option>
                ))}
              </select>
            </div>
            {TEXT_FIELDS.map(([field, label, autoComplete]) => (
              <label className="acct-field" key={field}>
                {label}
                {required(field) ? '' : ' (optional)'}
                <input
                  name={field}
                  autoComplete={autoComplete}
                  type={field === 'phone' ? 'tel' : 'text'}
                  className={mark(field)}
                  value={String(form[field])}
                  onChange={(event) => setForm({ ...form, [field]: event.target.value })}
                />
              </label>
            ))}
            <label className="check">
              <input
                type="checkbox"
                name="makeDefault"
                checked={form.makeDefault}
                onChange={(event) => setForm({ ...form, makeDefault: event.target.checked })}
              />
              Make this my default address
            </label>
          </>
        )}
      </div>
      <div className="dialog-foot">
        <button type="button" className="acct-btn secondary" onClick={onClose}>
          Close
        </button>
        <button type="submit" className="acct-btn" disabled={busy}>
          Confirm
        </button>
      </div>
    </Modal>
  );
}
