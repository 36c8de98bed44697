import type { Migration } from '../database.ts';

/**
 * Version 9: customer accounts (spec: account-and-shell 2.3 to 2.5, 3). The `customers` table
 * itself is version 1's.
 *
 * Versions 1 to 4 ran this on every open whatever the recorded version, and its tables and
 * indexes arrived while the version stood still, so a database of any of them may have all,
 * some or none of it: hence IF NOT EXISTS.
 */
const sql = /* sql */ `
-- One row per customer who can sign in: the password hash (never the password) and when the
-- email address was verified.
CREATE TABLE IF NOT EXISTS customer_credentials (
  customer_id INTEGER PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  password_hash TEXT NOT NULL,
  verified_at TEXT
);

-- Signed-in sessions. The cookie carries a random token; only its sha256 is stored.
CREATE TABLE IF NOT EXISTS sessions (
  id_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_customer ON sessions(customer_id);

-- Single-use tokens mailed to the customer: verify the account, reset the password,
-- verify the recovery email (detail holds that address), add a payment method (popup link).
CREATE TABLE IF NOT EXISTS account_tokens (
  token_hash TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'recovery', 'add_payment')),
  detail TEXT NOT NULL DEFAULT '',
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX IF NOT EXISTS account_tokens_customer ON account_tokens(customer_id, purpose);

CREATE TABLE IF NOT EXISTS mailing_addresses (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  company TEXT NOT NULL DEFAULT '',
  address1 TEXT NOT NULL DEFAULT '',
  address2 TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  zip TEXT NOT NULL DEFAULT '',
  state_code TEXT NOT NULL DEFAULT '',
  country_code TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX IF NOT EXISTS mailing_addresses_customer ON mailing_addresses(customer_id);
-- At most one default address per customer.
CREATE UNIQUE INDEX IF NOT EXISTS mailing_addresses_one_default
  ON mailing_addresses(customer_id) WHERE is_default = 1;

-- Saved cards hold no card number: brand, last four digits, expiry and holder name only.
-- Gift-card wallets are rows with is_gift_card = 1 and a credit in their currency.
CREATE TABLE IF NOT EXISTS payment_methods (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  brand TEXT NOT NULL DEFAULT 'other'
    CHECK (brand IN ('visa', 'mastercard', 'american_express', 'discover', 'other')),
  last4 TEXT NOT NULL DEFAULT '' CHECK (last4 = '' OR (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*')),
  exp_month INTEGER,
  exp_year INTEGER,
  name TEXT NOT NULL DEFAULT '',
  mailing_address_id INTEGER REFERENCES mailing_addresses(id) ON DELETE SET NULL,
  is_gift_card INTEGER NOT NULL DEFAULT 0,
  gift_card_credit_cents INTEGER NOT NULL DEFAULT 0,
  gift_card_currency TEXT NOT NULL DEFAULT 'USD',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX IF NOT EXISTS payment_methods_customer ON payment_methods(customer_id);

CREATE TABLE IF NOT EXISTS transactions (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  displayable_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'PENDING',
  gateway TEXT NOT NULL DEFAULT '',
  amount_cents INTEGER NOT NULL DEFAULT 0,
  email TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX IF NOT EXISTS transactions_customer ON transactions(customer_id, id DESC);

CREATE TABLE IF NOT EXISTS recovery_emails (
  customer_id INTEGER PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  verified INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);

-- Registrations waiting for their mailed link; the account is made when the
-- link is opened, so registering answers alike whether or not the email has an account.
CREATE TABLE IF NOT EXISTS pending_registrations (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

-- Tokens handed out by the local bot check (server/accounts/bot-check.ts); single use.
CREATE TABLE IF NOT EXISTS bot_check_tokens (
  token_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);

-- Every email the store "sends" lands here (no mail server in the reference API); tests and
-- merchandisers read it through GET /api/admin/outbox.
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS outbox_to ON outbox(to_address, id);
`;

export const accounts: Migration = {
  version: 9,
  up(db) {
    db.exec(sql);
  },
};
