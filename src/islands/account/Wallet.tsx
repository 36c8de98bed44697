import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { NoticeState } from '../../lib/account/api.ts';
import { expiryText, statusBadge, transactionRow } from '../../lib/account/wallet.ts';
import type { MailingAddress } from '../../../shared/contracts/addresses.ts';
import { canDelete } from '../../../shared/contracts/wallet-rules.ts';
import type { PaymentMethod, Transaction } from '../../../shared/contracts/wallet.ts';
import { cardBrandIcon, PAYMENT_ICON_SIZE } from '../../lib/payment/payment-icons.ts';
import { $addresses, $addressesError } from '../../stores/addresses.ts';
import {
  $transactions,
  $wallet,
  addPaymentMethod,
  deletePaymentMethod,
  filterTransactions,
  updateCardAddress,
} from '../../stores/wallet.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { CardAddressDialog } from './CardAddressDialog.tsx';
import { Notice } from './Notice.tsx';
import { StackedTable, type TableSpec } from './StackedTable.tsx';
import { Modal } from './Modal.tsx';
import { useSignedInUser } from './useAccount.ts';
import './account.css';

type Tab = 'methods' | 'transactions';

const ADDRESS_TABLE: TableSpec<MailingAddress> = {
  columns: [
    { label: 'Id', cell: (a) => a.id },
    { label: 'Name', cell: (a) => `${a.firstName} ${a.lastName}` },
    { label: 'Company', cell: (a) => a.company },
    { label: 'Address', cell: (a) => a.address1 },
    { label: 'City', cell: (a) => a.city },
    { label: 'Zip', cell: (a) => a.zip },
    { label: 'State', cell: (a) => a.state },
    { label: 'Country', cell: (a) => a.Country?.title ?? a.country },
    { label: 'Default', cell: (a) => (a.isDefault ? 'Yes' : 'No') },
  ],
  label: 'Mailing addresses',
  loading: 'Loading addresses…',
  empty: 'Account has no addresses',
  rowKey: (a) => a.id,
};

const TRANSACTION_TABLE: TableSpec<Transaction> = {
  columns: [
    { label: 'Displayable ID', cell: (t) => t.displayableId },
    { label: 'Email', cell: (t) => t.email },
    { label: 'Amount', cell: (t) => transactionRow(t).amount },
    { label: 'Gateway', cell: (t) => transactionRow(t).gateway },
    {
      label: 'Status',
      cell: (t) => <span className={`badge ${statusBadge(t.status)}`}>{t.status}</span>,
    },
  ],
  label: 'Transactions',
  loading: 'Loading transactions...',
  empty: 'No transactions for this account',
  rowKey: (t) => t.id,
};

/** The wallet page (spec 2.4): Payment methods and Transaction History tabs. */
function Wallet() {
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
        {tab === 'methods' ? <PaymentMethods /> : <Transactions />}
      </div>
    </div>
  );
}

function PaymentMethods() {
  const addresses = useStore($addresses);
  const addressesError = useStore($addressesError);
  const { methods, notice } = useStore($wallet);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const [updating, setUpdating] = useState<PaymentMethod | null>(null);
  const shown: NoticeState | null =
    notice ?? (addressesError === null ? null : { variant: 'danger', message: addressesError });

  return (
    <section aria-labelledby="wallet-methods">
      <Notice notice={shown} />
      <h2>My addresses</h2>
      <StackedTable {...ADDRESS_TABLE} rows={addresses} />
      <div className="row">
        <h2 id="wallet-methods">My payment methods</h2>
        <button type="button" className="ink-button acct-btn" onClick={addPaymentMethod}>
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
            aria-label={
              m.isAbtraGiftCard ? m.name : `${cardBrandIcon(m.brand).name} ending ${m.last4}`
            }
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
                <CardNumber method={m} />
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
              {canDelete(m) && (
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
        onYes={() => {
          if (deleting === null) return;
          setDeleting(null);
          void deletePaymentMethod(deleting);
        }}
      />
      <CardAddressDialog
        method={updating}
        addresses={addresses ?? []}
        onClose={() => setUpdating(null)}
        onSave={async (mailingAddressId) => {
          if (updating !== null && (await updateCardAddress(updating, mailingAddressId)))
            setUpdating(null);
        }}
      />
    </section>
  );
}

/**
 * A card's brand picture, its name as the text alternative (spec 2.4: "a brand icon"), and
 * its last four digits: the card's heading, read as "Visa ending 4242".
 */
function CardNumber({ method }: { method: PaymentMethod }) {
  const brand = cardBrandIcon(method.brand);
  return (
    <h3 className="card-number">
      <img
        src={brand.src}
        alt={brand.name}
        width={PAYMENT_ICON_SIZE.width}
        height={PAYMENT_ICON_SIZE.height}
      />
      <span>
        <span aria-hidden="true">•••• </span>
        <span className="visually-hidden"> ending </span>
        <strong>{method.last4}</strong>
      </span>
    </h3>
  );
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
  return (
    <Modal
      open={open}
      titleId="delete-title"
      title="Delete payment method"
      describedBy="delete-text"
      onCancel={onNo}
    >
      <p id="delete-text" style={{ padding: '1rem 1.2rem', margin: 0 }}>
        Are you sure you want to delete this payment method?
      </p>
      <div className="dialog-foot">
        <button type="button" className="ink-button acct-btn secondary" onClick={onNo}>
          No
        </button>
        <button type="button" className="ink-button acct-btn danger" onClick={onYes}>
          Yes
        </button>
      </div>
    </Modal>
  );
}

function Transactions() {
  const { filter, rows, notice } = useStore($transactions);
  return (
    <section>
      <Notice notice={notice} />
      <label className="field" style={{ maxWidth: '24rem' }}>
        Transaction displayable Id
        <input
          type="search"
          value={filter}
          onChange={(event) => filterTransactions(event.target.value)}
        />
      </label>
      <StackedTable {...TRANSACTION_TABLE} rows={rows} />
    </section>
  );
}

export default withErrorBoundary(Wallet);
