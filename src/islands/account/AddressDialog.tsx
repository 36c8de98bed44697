import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { messageOf } from '../../lib/account/api.ts';
import { REQUIRED_FIELDS, type AddressForm } from '../../lib/account/address-form.ts';
import type { MailingAddress } from '../../../shared/contracts/addresses.ts';
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
        <RegionSelect
          field="countryCode"
          options={countries.map((c) => [c.countryCode, c.title] as const)}
        />
        {form.countryCode !== '' && (
          <>
            <RegionSelect
              field="stateCode"
              options={states.map((state) => [state.stateCode, state.title] as const)}
            />
            {TEXT_FIELDS.map(([field, label, autoComplete]) => (
              <label className="field" key={field}>
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
            <label className="field-check">
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
        <button type="button" className="ink-button acct-btn secondary" onClick={onClose}>
          Close
        </button>
        <button type="submit" className="ink-button acct-btn" disabled={busy}>
          Confirm
        </button>
      </div>
    </Modal>
  );
}

/** The two region lists: the country (always asked, required) and its state. */
const REGIONS = {
  countryCode: {
    id: 'address-country',
    label: 'Country',
    autoComplete: 'country',
    choose: 'Choose a country',
    required: true,
  },
  stateCode: {
    id: 'address-state',
    label: 'State',
    autoComplete: 'address-level1',
    choose: 'Choose a state',
    required: false,
  },
} as const;

/** The country or state list of the draft, marked when valid (spec 5). */
function RegionSelect({
  field,
  options,
}: {
  field: keyof typeof REGIONS;
  options: readonly (readonly [code: string, title: string])[];
}) {
  const { form } = useStore($draft);
  const valid = useStore($draftMarks)[field];
  const { id, label, autoComplete, choose, required } = REGIONS[field];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={field}
        autoComplete={autoComplete}
        className={valid ? 'valid' : undefined}
        value={form[field]}
        required={required}
        onChange={(event) => changeDraft({ [field]: event.target.value })}
      >
        <option value="">{choose}</option>
        {options.map(([code, title]) => (
          <option key={code} value={code}>
            {title}
          </option>
        ))}
      </select>
    </div>
  );
}
