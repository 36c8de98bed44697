import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { messageOf } from '../../lib/account/api.ts';
import { REQUIRED_FIELDS, type AddressForm } from '../../lib/account/address-form.ts';
import type { MailingAddress } from '../../lib/contracts/addresses.ts';
import {
  $countries,
  $draft,
  $draftMarks,
  $draftStates,
  changeDraft,
  saveDraft,
} from '../../stores/addresses.ts';
import { Modal } from './Modal.tsx';

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
 * The address modal of spec 2.3: 'Edit Mailing Address' with Close and Confirm, over the
 * address store's draft (src/stores/addresses.ts): the form re-initialises when the address
 * changes (editAddress); the states reload when the country changes; the
 * other fields appear once a country is chosen. Marks show valid fields only, no messages
 * (spec 5); the server's reply is the only check that blocks saving.
 */
export function AddressDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (saved: MailingAddress) => void;
}) {
  const { address, form, saving: busy } = useStore($draft);
  const countries = useStore($countries);
  const states = useStore($draftStates);
  const marks = useStore($draftMarks);

  const mark = (field: keyof AddressForm) => (marks[field] ? 'valid' : undefined);
  const required = (field: keyof AddressForm) => REQUIRED_FIELDS.includes(field);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await saveDraft();
      if (saved) onSaved(saved);
    } catch (error) {
      console.error('[account] address not saved:', error);
      window.alert(messageOf(error)); // spec 8: "shows its message in a browser alert"
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
            onChange={(event) => changeDraft({ countryCode: event.target.value })}
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
                onChange={(event) => changeDraft({ stateCode: event.target.value })}
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
                  onChange={(event) => changeDraft({ [field]: event.target.value })}
                />
              </label>
            ))}
            <label className="check">
              <input
                type="checkbox"
                name="makeDefault"
                checked={form.makeDefault}
                onChange={(event) => changeDraft({ makeDefault: event.target.checked })}
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
