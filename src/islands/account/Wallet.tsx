import { useCallback, useEffect, useRef, useState } from 'react';
import type { MailingAddress } from '../../lib/account/address-form.ts';
import { accountCall, messageOf } from '../../lib/account/api.ts';
import {
  BRAND_NAMES,
  expiryText,
  MISSING_TARGET,
  openAddPaymentPopup,
  statusBadge,
  transactionRow,
  type PaymentMethod,
  type Transaction,
} from '../../lib/account/wallet.ts';
import { Notice, type NoticeState } from './Notice.tsx';
import { useSignedInUser } from './useAccount.ts';
import './account.css';

type Tab = 'methods' | 'transactions';

/** The wallet page (spec 2.4): Payment methods and Transaction History tabs. */
export default function Wallet() {
  const { user } = useSignedInUser();
  const [tab, setTab] = useState<Tab>('methods');
  if (!user) return <p className="acct">Loading…</p>;
  return (
    <div className="acct">
      <h1>Wallet</h1>
      <div className="tabs" role="tablist" aria-label="Wallet">
        {(
          [
            ['methods', 'Payment methods'],
            ['transactions', 'Transaction History'],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                const next = tab === 'methods' ? 'transactions' : 'methods';
                setTab(next);
                document.getElementById(`tab-${next}`)?.focus();
              }
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'methods' ? (
          <PaymentMethods userId={user.id} />
        ) : (
          <Transactions userId={user.id} />
        )}
      </div>
    </div>
  );
}

function PaymentMethods({ userId }: { userId: number }) {
  const [addresses, setAddresses] = useState<MailingAddress[] | null>(null);
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [addHref, setAddHref] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const [updating, setUpdating] = useState<PaymentMethod | null>(null);

  const load = useCallback(async () => {
    setMethods(null);
    try {
      const [customer, wallet] = await Promise.all([
        accountCall<{ customer: { MailingAddresses: MailingAddress[] } | null }>(
          'GET',
          '/api/customer',
        ),
        accountCall<{
          paymentMethods: PaymentMethod[];
          _links?: { addPaymentMethod?: { href?: string } };
        }>('GET', `/api/user/${userId}/paymentMethods`),
      ]);
      setAddresses(customer.customer?.MailingAddresses ?? []);
      setMethods(wallet.paymentMethods);
      setAddHref(wallet._links?.addPaymentMethod?.href);
    } catch (error) {
      setNotice({ variant: 'danger', message: messageOf(error) });
      setMethods([]);
      setAddresses((current) => current ?? []);
    }
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  function add() {
    const result = openAddPaymentPopup(addHref, () => void load());
    if (result === 'missing') setNotice({ variant: 'danger', message: MISSING_TARGET });
    if (result === 'blocked') {
      setNotice({
        variant: 'danger',
        message: 'The payment window was blocked. Allow pop-ups for this site and try again.',
      });
    }
  }

  async function confirmDelete() {
    if (deleting === null) return;
    const target = deleting;
    setDeleting(null);
    try {
      await accountCall('DELETE', `/api/user/${userId}/paymentMethods/${target.id}`);
      setNotice({ variant: 'success', message: 'Payment method deleted successfully' });
    } catch (error) {
      setNotice({ variant: 'danger', message: messageOf(error) });
    }
    await load();
  }

  return (
    <section aria-labelledby="wallet-methods">
      <Notice notice={notice} />
      <h2>My addresses</h2>
      {addresses === null && <p>Loading addresses…</p>}
      {addresses?.length === 0 && <p>Account has no addresses</p>}
      {addresses !== null && addresses.length > 0 && (
        <div className="table-wrap" role="region" aria-label="Mailing addresses" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Name</th>
                <th scope="col">Company</th>
                <th scope="col">Address</th>
                <th scope="col">City</th>
                <th scope="col">Zip</th>
                <th scope="col">State</th>
                <th scope="col">Country</th>
                <th scope="col">Default</th>
              </tr>
            </thead>
            <tbody>
              {addresses.map((a) => (
                <tr key={a.id}>
                  <td>{a.id}</td>
                  <td>{`${a.firstName} ${a.lastName}`}</td>
                  <td>{a.company}</td>
                  <td>{a.address1}</td>
                  <td>{a.city}</td>
                  <td>{a.zip}</td>
                  <td>{a.state}</td>
                  <td>{a.Country?.title ?? a.country}</td>
                  <td>{a.isDefault ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="row">
        <h2 id="wallet-methods">My payment methods</h2>
        <button type="button" className="acct-btn" onClick={add}>
          Add new payment method
        </button>
      </div>
      {methods === null && <p role="status">Loading payment methods...</p>}
      {methods?.length === 0 && <p>No payment methods for this account</p>}
      <ul className="cards">
        {(methods ?? []).map((m) => (
          <li
            className="card"
            key={m.id}
            aria-label={m.isAbtraGiftCard ? m.name : `${BRAND_NAMES[m.brand]} ending ${m.last4}`}
          >
            {m.isAbtraGiftCard ? (
              <>
                <h3>{m.name}</h3>
                <p>
                  Credit: <strong>{m.abtraGiftCardCredit}</strong> {m.abtraGiftCardCurrency}
                </p>
              </>
            ) : (
              <>
                <h3>
                  <span className="brand-icon" aria-hidden="true">
                    {BRAND_NAMES[m.brand]}
                  </span>
                </h3>
                <p>
                  {BRAND_NAMES[m.brand]} •••• <strong>{m.last4}</strong>
                </p>
                <p>Expires {expiryText(m)}</p>
                <p>{m.name}</p>
              </>
            )}
            {m.billingAddress && (
              <p>
                {m.billingAddress.line1}, {m.billingAddress.city} {m.billingAddress.postalCode}
              </p>
            )}
            <div className="actions">
              <button type="button" className="acct-link" onClick={() => setUpdating(m)}>
                Edit
              </button>
              {!m.isAbtraGiftCard && (
                <button type="button" className="acct-link" onClick={() => setDeleting(m)}>
                  Delete
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDelete
        open={deleting !== null}
        onNo={() => setDeleting(null)}
        onYes={() => void confirmDelete()}
      />
      <UpdateAddress
        method={updating}
        addresses={addresses ?? []}
        onClose={() => setUpdating(null)}
        onSave={async (mailingAddressId) => {
          if (updating === null) return;
          const body: { mailingAddressId: number; isAbtraGiftCard?: boolean } = {
            mailingAddressId,
          };
          if (typeof updating.isAbtraGiftCard === 'boolean')
            body.isAbtraGiftCard = updating.isAbtraGiftCard;
          try {
            await accountCall('PUT', `/api/user/${userId}/paymentMethods/${updating.id}`, body);
            setUpdating(null);
            setNotice({ variant: 'success', message: 'Address updated successfully' });
            await load();
          } catch (error) {
            setNotice({ variant: 'danger', message: messageOf(error) });
          }
        }}
      />
    </section>
  );
}

function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return ref;
}

function ConfirmDelete({
  open,
  onNo,
  onYes,
}: {
  open: boolean;
  onNo: () => void;
  onYes: () => void;
}) {
  const ref = useModal(open);
  return (
    <dialog ref={ref} aria-labelledby="delete-title" aria-describedby="delete-text" onCancel={onNo}>
      <div className="dialog-head">
        <h2 id="delete-title">Delete payment method</h2>
      </div>
      <p id="delete-text" style={{ padding: '1rem 1.2rem', margin: 0 }}>
        Are you sure you want to delete this payment method?
      </p>
      <div className="dialog-foot">
        <button type="button" className="acct-btn secondary" onClick={onNo}>
          No
        </button>
        <button type="button" className="acct-btn danger" onClick={onYes}>
          Yes
        </button>
      </div>
    </dialog>
  );
}

function UpdateAddress({
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
  const ref = useModal(method !== null);
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
    <dialog ref={ref} aria-labelledby="card-address-title" onCancel={onClose}>
      <div className="dialog-head">
        <h2 id="card-address-title">Update card address</h2>
      </div>
      <div className="dialog-body">
        {readOnly.map(([key, label]) => (
          <label className="acct-field" key={key}>
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
        <button type="button" className="acct-btn secondary" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="acct-btn"
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
    </dialog>
  );
}

function Transactions({ userId }: { userId: number }) {
  const [filter, setFilter] = useState('');
  const [rows, setRows] = useState<Transaction[] | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  useEffect(() => {
    let current = true;
    setRows(null);
    const query = filter.trim() ? `?displayableId=${encodeURIComponent(filter.trim())}` : '';
    const timer = setTimeout(() => {
      accountCall<{ transactions: Transaction[] }>(
        'GET',
        `/api/user/${userId}/transactions${query}`,
      )
        .then((reply) => {
          if (current) {
            setRows(reply.transactions);
            setNotice(null);
          }
        })
        .catch((error: unknown) => {
          if (current) {
            setRows([]);
            setNotice({ variant: 'danger', message: messageOf(error) });
          }
        });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [filter, userId]);
  return (
    <section>
      <Notice notice={notice} />
      <label className="acct-field" style={{ maxWidth: '24rem' }}>
        Transaction displayable Id
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      {rows === null && <p role="status">Loading transactions...</p>}
      {rows?.length === 0 && <p>No transactions for this account</p>}
      {rows !== null && rows.length > 0 && (
        <div className="table-wrap" role="region" aria-label="Transactions" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Displayable ID</th>
                <th scope="col">Email</th>
                <th scope="col">Amount</th>
                <th scope="col">Gateway</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => {
                const view = transactionRow(t);
                return (
                  <tr key={t.id}>
                    <td>{t.displayableId}</td>
                    <td>{t.email}</td>
                    <td>{view.amount}</td>
                    <td>{view.gateway}</td>
                    <td>
                      <span className={`badge ${statusBadge(t.status)}`}>{t.status}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
