import type { Database } from '../db/open.ts';
import { transaction } from '../db/open.ts';
import type { MailingAddress } from '../../shared/contracts/addresses.ts';
import {
  REQUIRED_ADDRESS_FIELDS,
  type AddressFields,
} from '../../shared/contracts/address-rules.ts';
import { HttpError } from '../http/errors.ts';

const COLUMNS: Record<string, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  company: 'company',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  zip: 'zip',
  phone: 'phone',
  countryCode: 'country_code',
  stateCode: 'state_code',
};

interface Row {
  id: number;
  customer_id: number;
  first_name: string;
  last_name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  state_code: string;
  state_title: string | null;
  country_code: string;
  country_title: string | null;
  phone: string;
  is_default: number;
}

const SELECT = `SELECT a.*, s.title AS state_title, co.title AS country_title
  FROM mailing_addresses a
  LEFT JOIN countries co ON co.code = a.country_code
  LEFT JOIN states s ON s.country_code = a.country_code AND s.code = a.state_code`;

function toAddress(row: Row): MailingAddress {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zip: row.zip,
    state: row.state_code,
    State: row.state_title === null ? null : { stateCode: row.state_code, title: row.state_title },
    country: row.country_code,
    Country:
      row.country_title === null
        ? null
        : { countryCode: row.country_code, title: row.country_title },
    phone: row.phone,
    isDefault: row.is_default === 1,
  };
}

/** A customer's addresses, the default first, then oldest first. */
export function listAddresses(db: Database, customerId: number): MailingAddress[] {
  const rows = db
    .prepare(`${SELECT} WHERE a.customer_id = ? ORDER BY a.is_default DESC, a.id`)
    .all(customerId) as unknown as Row[];
  return rows.map(toAddress);
}

/** One address of this customer, or undefined (another customer's address is not found). */
export function findAddress(
  db: Database,
  customerId: number,
  id: number,
): MailingAddress | undefined {
  const row = db.prepare(`${SELECT} WHERE a.id = ? AND a.customer_id = ?`).get(id, customerId) as
    Row | undefined;
  return row && toAddress(row);
}

/** Checks the country exists and the state belongs to it (when the country has states). */
function checkRegion(db: Database, countryCode: string, stateCode: string): void {
  if (db.prepare('SELECT 1 FROM countries WHERE code = ?').get(countryCode) === undefined) {
    throw new HttpError(422, 'Choose a country from the list.');
  }
  const hasStates = db
    .prepare('SELECT 1 FROM states WHERE country_code = ? LIMIT 1')
    .get(countryCode);
  if (hasStates === undefined) return;
  const known = db
    .prepare('SELECT 1 FROM states WHERE country_code = ? AND code = ?')
    .get(countryCode, stateCode);
  if (known === undefined) throw new HttpError(422, 'Choose a state from the list.');
}

/** Fields an address must have once saved; the state is checked by checkRegion instead. */
const REQUIRED = REQUIRED_ADDRESS_FIELDS.filter(([field]) => field !== 'stateCode');

function setDefault(db: Database, customerId: number, id: number): void {
  db.prepare(
    'UPDATE mailing_addresses SET is_default = 0 WHERE customer_id = ? AND is_default = 1',
  ).run(customerId);
  db.prepare('UPDATE mailing_addresses SET is_default = 1 WHERE id = ?').run(id);
}

/**
 * Creates an address (`id` undefined) or changes one of this customer's. Fields left out
 * keep their value; the result must still have every required field and a valid country and
 * state. makeDefault makes it the default; a customer's first address is the default.
 */
export function saveAddress(
  db: Database,
  customerId: number,
  id: number | undefined,
  fields: AddressFields,
): MailingAddress {
  return transaction(db, () => {
    const current = id === undefined ? undefined : findAddress(db, customerId, id);
    if (id !== undefined && current === undefined) {
      throw new HttpError(404, 'That address was not found.');
    }
    const merged: Record<string, string> = {
      firstName: current?.firstName ?? '',
      lastName: current?.lastName ?? '',
      company: current?.company ?? '',
      address1: current?.address1 ?? '',
      address2: current?.address2 ?? '',
      city: current?.city ?? '',
      zip: current?.zip ?? '',
      phone: current?.phone ?? '',
      countryCode: current?.country ?? '',
      stateCode: current?.state ?? '',
    };
    for (const key of Object.keys(COLUMNS)) {
      const value = fields[key as keyof AddressFields];
      if (typeof value === 'string') merged[key] = value.trim();
    }
    // A new country without a new state would keep a state of the old country.
    if (
      fields.countryCode !== undefined &&
      fields.stateCode === undefined &&
      current !== undefined
    ) {
      if (fields.countryCode.toUpperCase() !== current.country) merged.stateCode = '';
    }
    merged.countryCode = (merged.countryCode ?? '').toUpperCase();
    merged.stateCode = (merged.stateCode ?? '').toUpperCase();
    for (const [key, label] of REQUIRED) {
      if (!merged[key]) throw new HttpError(422, `Enter the ${label}.`);
    }
    checkRegion(db, merged.countryCode, merged.stateCode);

    const names = Object.keys(COLUMNS);
    let savedId: number;
    if (current === undefined) {
      const row = db
        .prepare(
          `INSERT INTO mailing_addresses (customer_id, ${names.map((n) => COLUMNS[n]).join(', ')})
           VALUES (?, ${names.map(() => '?').join(', ')}) RETURNING id`,
        )
        .get(customerId, ...names.map((n) => merged[n] ?? '')) as { id: number };
      savedId = row.id;
      const hasDefault = db
        .prepare('SELECT 1 FROM mailing_addresses WHERE customer_id = ? AND is_default = 1')
        .get(customerId);
      if (hasDefault === undefined || fields.makeDefault === true)
        setDefault(db, customerId, savedId);
    } else {
      savedId = current.id;
      db.prepare(
        `UPDATE mailing_addresses SET ${names.map((n) => `${COLUMNS[n]} = ?`).join(', ')} WHERE id = ?`,
      ).run(...names.map((n) => merged[n] ?? ''), savedId);
      if (fields.makeDefault === true) setDefault(db, customerId, savedId);
    }
    const saved = findAddress(db, customerId, savedId);
    if (saved === undefined) throw new HttpError(500, 'Address not updated');
    return saved;
  });
}

/**
 * Deletes one of this customer's addresses (404 for anyone else's). When it was the default,
 * the oldest remaining address becomes the default. Cards that used it keep no address.
 */
export function deleteAddress(db: Database, customerId: number, id: number): void {
  transaction(db, () => {
    const current = findAddress(db, customerId, id);
    if (current === undefined) throw new HttpError(404, 'That address was not found.');
    db.prepare('DELETE FROM mailing_addresses WHERE id = ?').run(id);
    if (current.isDefault) {
      const next = db
        .prepare('SELECT id FROM mailing_addresses WHERE customer_id = ? ORDER BY id LIMIT 1')
        .get(customerId) as { id: number } | undefined;
      if (next !== undefined) setDefault(db, customerId, next.id);
    }
  });
}
