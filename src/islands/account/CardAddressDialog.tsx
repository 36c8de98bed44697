import { useEffect, useState } from 'react';
import type { MailingAddress, PaymentMethod } from '../../../shared/contracts/account.ts';
import { Modal } from './Modal.tsx';

/** The wallet's 'Update card address' dialog (spec 2.4): pick one of the account's addresses. */
export function CardAddressDialog({
  method,
  addresses,
  onClose,
  onSave,
}: {
  method: PaymentMethod | null;
  addresses: MailingAddress[];
  onClose: () => void;
  onSave: (mailingAddressId: number) => Promise<void>;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChosen(null), [method]);
  const picked = addresses.find((a) => a.id === chosen);
  const current = method?.billingAddress;
  const shown = picked
    ? {
        line1: picked.address1,
        line2: picked.address2,
        city: picked.city,
        state: picked.State?.title ?? picked.state,
        postalCode: picked.zip,
        country: picked.Country?.title ?? picked.country,
      }
    : current;
  const readOnly: [keyof NonNullable<typeof shown>, string][] = [
    ['line1', 'Line 1'],
    ['line2', 'Line 2'],
    ['city', 'City'],
    ['state', 'State'],
    ['postalCode', 'Postal code'],
    ['country', 'Country'],
  ];
  return (
    <Modal
      open={method !== null}
      titleId="card-address-title"
      title="Update card address"
      onCancel={onClose}
    >
      <div className="dialog-body">
        {readOnly.map(([key, label]) => (
          <label className="field" key={key}>
            {label}
            <input readOnly value={shown?.[key] ?? ''} />
          </label>
        ))}
        <fieldset className="pick-list" style={{ border: 0, margin: 0 }}>
          <legend>Pick an address</legend>
          {addresses.length === 0 && <p>Account has no addresses</p>}
          {addresses.map((a) => (
            <label key={a.id}>
              <input
                type="radio"
                name="card-address"
                checked={chosen === a.id}
                onChange={() => setChosen(a.id)}
              />
              <span>
                {[
                  a.address1,
                  a.address2,
                  a.city,
                  a.State?.title ?? a.state,
                  a.Country?.title ?? a.country,
                  a.zip,
                ]
                  .filter((part) => part && part.trim())
                  .join(', ')}
              </span>
            </label>
          ))}
        </fieldset>
      </div>
      <div className="dialog-foot">
        <button type="button" className="ink-button acct-btn secondary" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="ink-button acct-btn"
          disabled={chosen === null || busy}
          onClick={() => {
            if (chosen === null) return;
            setBusy(true);
            void onSave(chosen).finally(() => setBusy(false));
          }}
        >
          Save Changes
        </button>
      </div>
    </Modal>
  );
}
