import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { GUEST_LIST_KEY, readListLines } from '../../../shared/parts/part-list.ts';
import { addressCardView } from '../../lib/account/address-form.ts';
import { LISTS_PATH } from '../../lib/lists/list-link.ts';
import type { MailingAddress } from '../../../shared/contracts/addresses.ts';
import { $addresses, $addressesError, deleteAddress, editAddress } from '../../stores/addresses.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { AddressDialog } from './AddressDialog.tsx';
import { Notice, type NoticeState } from './Notice.tsx';
import { useSignedInUser } from './useAccount.ts';
import './account.css';

/**
 * The account home (/myaccount.asp) and the address list (/address.asp): the customer's
 * mailing addresses as cards with Edit and Delete (spec 2.3), an add button, and, on the
 * home, links to the other account pages.
 */
function AccountHome({ withLinks = true }: { withLinks?: boolean }) {
  const { user } = useSignedInUser();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);

  async function remove(address: MailingAddress) {
    if (!user || !window.confirm('Delete this address?')) return;
    const refusal = await deleteAddress(user.id, address);
    if (refusal !== undefined) window.alert(refusal); // spec 8
  }

  function edit(address: MailingAddress | undefined) {
    editAddress(address);
    setOpen(true);
  }

  if (!user) return <p className="acct">Loading…</p>;
  return (
    <div className="acct">
      <h1>{withLinks ? 'My Account' : 'My Addresses'}</h1>
      <p>
        Signed in as <strong>{`${user.firstName} ${user.lastName}`}</strong> ({user.email})
      </p>
      {!user.verified && (
        <p className="notice info">
          Your email is not verified yet.{' '}
          <a href="/start-verification">Send a new verification link</a>
        </p>
      )}
      {withLinks && (
        <nav aria-label="Account pages">
          <ul className="row" style={{ listStyle: 'none', padding: 0 }}>
            <li>
              <a href="/orders.asp">My orders</a>
            </li>
            <li>
              <a href="/quick-order">Quick order</a>
            </li>
            <li>
              <a href={LISTS_PATH}>Saved lists</a>
            </li>
            <li>
              <a href="/wallet">Wallet</a>
            </li>
            <li>
              <a href="/recovery-email">Recovery email</a>
            </li>
            <li>
              <a href="/change-password">Change password</a>
            </li>
            <li>
              <a href="/logout">Sign Out</a>
            </li>
          </ul>
        </nav>
      )}
      {withLinks && <GuestListOffer />}
      <AddressesNotice saved={saved} />
      <div className="row">
        <h2>Addresses</h2>
        <button
          type="button"
          className="ink-button acct-btn secondary"
          onClick={() => edit(undefined)}
        >
          Add an address
        </button>
      </div>
      <AddressCards onEdit={edit} onDelete={(address) => void remove(address)} />
      <AddressDialog
        open={open}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false); // spec 2.3: Confirm saves and then closes the modal
          setSaved(true);
        }}
      />
    </div>
  );
}

/**
 * A list saved in this browser before signing in (issue 32, item 9), offered to the account:
 * the lists page saves it. Read from storage here, without the lists' store and its pad.
 */
function GuestListOffer() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    try {
      setCount(readListLines(JSON.parse(localStorage.getItem(GUEST_LIST_KEY) ?? '[]')).length);
    } catch {
      // Storage unreadable or not a list: nothing to offer.
    }
  }, []);
  if (count === 0) return null;
  return (
    <p className="notice info">
      This browser has a list of {count} {count === 1 ? 'part' : 'parts'} you saved before signing
      in. <a href={LISTS_PATH}>Save it to your account</a>
    </p>
  );
}

/** The customer call's error, else the success of the last save. */
function AddressesNotice({ saved }: { saved: boolean }) {
  const error = useStore($addressesError);
  const notice: NoticeState | null =
    error !== null
      ? { variant: 'danger', message: error }
      : saved
        ? { variant: 'success', message: 'Address updated successfully' }
        : null;
  return <Notice notice={notice} />;
}

/** The customer's addresses as cards with Edit and Delete (spec 2.3). */
function AddressCards({
  onEdit,
  onDelete,
}: {
  onEdit: (address: MailingAddress) => void;
  onDelete: (address: MailingAddress) => void;
}) {
  const addresses = useStore($addresses);
  return (
    <>
      {addresses === null && <p>Loading addresses…</p>}
      {addresses !== null && addresses.length === 0 && <p>Account has no addresses</p>}
      <ul className="cards">
        {(addresses ?? []).map((address) => {
          const view = addressCardView(address);
          return (
            <li className="card" key={address.id} aria-label={`${view.title}: ${view.heading}`}>
              <h3>{view.title}</h3>
              <p>
                <strong>{view.heading}</strong>
              </p>
              {view.nameLine && <p>{view.nameLine}</p>}
              <p>{view.addressLine}</p>
              <p>{view.cityLine}</p>
              <p>{view.country}</p>
              <div className="actions">
                <button type="button" className="acct-link" onClick={() => onEdit(address)}>
                  Edit
                </button>
                <button type="button" className="acct-link" onClick={() => onDelete(address)}>
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export default withErrorBoundary(AccountHome);
