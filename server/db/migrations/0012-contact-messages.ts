import type { Migration } from '../database.ts';

/**
 * Version 12: the messages of the contact form (issue 29: with no chat provider configured,
 * every page offers the phone and this form; server/routes/contact.ts). Stored for the
 * merchandiser to read (GET /api/admin/contactMessages), newest first.
 */
const sql = /* sql */ `
CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX contact_messages_email ON contact_messages(email, created_at);
`;

export const contactMessages: Migration = {
  version: 12,
  up(db) {
    db.exec(sql);
  },
};
