import { useCallback, useEffect, useState } from 'react';
import { addressCardView } from '../../lib/account/address-form.ts';
import type { MailingAddress } from '../../lib/contracts/account.ts';
import { accountCall, messageOf } from '../../lib/account/api.ts';
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
  const [addresses, setAddresses] = useState<MailingAddress[] | null>(null);
  const [editing, setEditing] = useState<MailingAddress | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<NoticeState | null>(null);

  const load = useCallback(async () => {
    try {
      const { customer } = await accountCall<{
        customer: { MailingAddresses: MailingAddress[] } | null;
      }>('GET', '/api/customer');
      setAddresses(customer?.MailingAddresses ?? []);
    } catch (error) {
      setNotice({ variant: 'danger', message: messageOf(error) });
      setAddresses([]);
    }
  }, []);

  useEffect(() => {
    if (user) void load();
  }, [user, load]);

  async function remove(address: MailingAddress) {
    if (!user || !window.confirm('Delete this address?')) return;
    try {
      const reply = await accountCall<{ success?: boolean; error?: string }>(
        'DELETE',
        `/api/customer/${user.id}/mailingAddresses/${address.id}`,
      );
      if (!reply.success) {
        window.alert(reply.error ?? 'Failed to remove address.'); // spec 8
        return;
      }
      await load();
    } catch (error) {
      window.alert(messageOf(error) || 'Failed to remove address.');
    }
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
      <Notice notice={notice} />
      <div className="row">
        <h2>Addresses</h2>
        <button
          type="button"
          className="acct-btn secondary"
          onClick={() => {
            setEditing(undefined);
            setOpen(true);
          }}
        >
          Add an address
        </button>
      </div>
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
                <button
                  type="button"
                  className="acct-link"
                  onClick={() => {
                    setEditing(address);
                    setOpen(true);
                  }}
                >
                  Edit
                </button>
                <button type="button" className="acct-link" onClick={() => void remove(address)}>
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <AddressDialog
        address={editing}
        open={open}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false); // spec 2.3: Confirm saves and then closes the modal
          setNotice({ variant: 'success', message: 'Address updated successfully' });
          void load();
        }}
      />
    </div>
  );
}

export default withErrorBoundary(AccountHome);
