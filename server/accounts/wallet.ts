import type { Database } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import type {
  CardBrand,
  PaymentMethod,
  PaymentMethodUpdate,
  Transaction,
} from '../../shared/contracts/wallet.ts';
import {
  canDelete,
  decimalOfCents,
  GIFT_CARD_WALLET_TITLE,
  updateRefusal,
} from '../../shared/contracts/wallet-rules.ts';
import type { CardSummary } from './cards.ts';

interface Row {
  id: number;
  brand: CardBrand;
  exp_month: number | null;
  exp_year: number | null;
  last4: string;
  name: string;
  mailing_address_id: number | null;
  is_gift_card: number;
  gift_card_credit_cents: number;
  gift_card_currency: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state_code: string | null;
  zip: string | null;
  country_code: string | null;
}

const SELECT = `SELECT pm.*, a.address1, a.address2, a.city, a.state_code, a.zip, a.country_code
  FROM payment_methods pm LEFT JOIN mailing_addresses a ON a.id = pm.mailing_address_id`;

function toMethod(row: Row): PaymentMethod {
  const gift = row.is_gift_card === 1;
  return {
    id: row.id,
    brand: row.brand,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    last4: row.last4,
    name: gift ? row.name || GIFT_CARD_WALLET_TITLE : row.name,
    mailingAddressId: row.mailing_address_id,
    billingAddress:
      row.address1 === null
        ? null
        : {
            line1: row.address1,
            line2: row.address2 ?? '',
            city: row.city ?? '',
            state: row.state_code ?? '',
            postalCode: row.zip ?? '',
            country: row.country_code ?? '',
          },
    isAbtraGiftCard: gift,
    abtraGiftCardCredit: gift ? decimalOfCents(row.gift_card_credit_cents) : null,
    abtraGiftCardCurrency: gift ? row.gift_card_currency : null,
  };
}

/** A customer's payment methods, gift-card wallets first, then newest first. */
export function listPaymentMethods(db: Database, customerId: number): PaymentMethod[] {
  const rows = db
    .prepare(`${SELECT} WHERE pm.customer_id = ? ORDER BY pm.is_gift_card DESC, pm.id DESC`)
    .all(customerId) as unknown as Row[];
  return rows.map(toMethod);
}

function findMethod(db: Database, customerId: number, id: number): PaymentMethod {
  const row = db.prepare(`${SELECT} WHERE pm.id = ? AND pm.customer_id = ?`).get(id, customerId) as
    Row | undefined;
  if (row === undefined) throw new HttpError(404, 'That payment method was not found.');
  return toMethod(row);
}

/** Deletes a card; gift-card wallets are refused (spec 6: "cannot be deleted"). */
export function deletePaymentMethod(db: Database, customerId: number, id: number): void {
  const method = findMethod(db, customerId, id);
  if (!canDelete(method)) throw new HttpError(422, 'Gift card wallets cannot be deleted.');
  db.prepare('DELETE FROM payment_methods WHERE id = ?').run(id);
}

/**
 * Sets the billing address of a payment method to one of the customer's mailing addresses
 * (spec 7: mailingAddressId, and isAbtraGiftCard only when boolean: it states which kind the
 * caller believes it is changing, and a mismatch is refused rather than guessed).
 */
export function updatePaymentAddress(
  db: Database,
  customerId: number,
  id: number,
  change: PaymentMethodUpdate,
): PaymentMethod {
  const method = findMethod(db, customerId, id);
  const refusal = updateRefusal(method, change);
  if (refusal !== undefined) throw new HttpError(422, refusal);
  const address = db
    .prepare('SELECT 1 FROM mailing_addresses WHERE id = ? AND customer_id = ?')
    .get(change.mailingAddressId, customerId);
  if (address === undefined) throw new HttpError(404, 'That address was not found.');
  db.prepare('UPDATE payment_methods SET mailing_address_id = ? WHERE id = ?').run(
    change.mailingAddressId,
    id,
  );
  return findMethod(db, customerId, id);
}

/** Saves a card summary (brand, last four, expiry, name; there is no number to store). */
export function addCard(
  db: Database,
  customerId: number,
  card: CardSummary,
  mailingAddressId: number | null,
): number {
  const owned =
    mailingAddressId !== null &&
    db
      .prepare('SELECT 1 FROM mailing_addresses WHERE id = ? AND customer_id = ?')
      .get(mailingAddressId, customerId) !== undefined;
  const row = db
    .prepare(
      `INSERT INTO payment_methods (customer_id, brand, last4, exp_month, exp_year, name, mailing_address_id)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(
      customerId,
      card.brand,
      card.last4,
      card.expMonth,
      card.expYear,
      card.name,
      owned ? mailingAddressId : null,
    ) as {
    id: number;
  };
  return row.id;
}

/**
 * A customer's transactions, newest first; `displayableId` keeps those whose displayable id
 * contains it (case-insensitive), so the filter narrows as the shopper types.
 */
export function listTransactions(
  db: Database,
  customerId: number,
  displayableId: string | undefined,
): Transaction[] {
  const filter = displayableId?.trim() ?? '';
  const like = `%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = db
    .prepare(
      `SELECT id, displayable_id, status, gateway, amount_cents, email FROM transactions
       WHERE customer_id = ? AND (? = '' OR displayable_id LIKE ? ESCAPE '\\')
       ORDER BY id DESC LIMIT 500`,
    )
    .all(customerId, filter, like) as {
    id: number;
    displayable_id: string;
    status: string;
    gateway: string;
    amount_cents: number;
    email: string;
  }[];
  return rows.map((row) => ({
    id: row.id,
    displayableId: row.displayable_id,
    status: row.status,
    gateway: row.gateway,
    amount: decimalOfCents(row.amount_cents),
    email: row.email,
  }));
}
