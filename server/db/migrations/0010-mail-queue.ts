import type { Migration } from '../database.ts';

/**
 * Version 10: the mail queue (server/accounts/mail-queue.ts). The request that asks for an
 * email writes its row, so a reply that says "we have sent" stands on a row in the
 * database; the API's sender hands due rows to the transport, retrying with a growing wait
 * until `give_up_at`. A row's body and link (which carry a live token) are emptied once it
 * is sent or given up on.
 */
const sql = /* sql */ `
CREATE TABLE mail_queue (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  give_up_at INTEGER NOT NULL,
  last_error TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX mail_queue_due ON mail_queue(status, next_attempt_at);
CREATE INDEX mail_queue_finished ON mail_queue(finished_at) WHERE finished_at IS NOT NULL;
`;

export const mailQueue: Migration = {
  version: 10,
  up(db) {
    db.exec(sql);
  },
};
