/** One email the store sends: verification, password reset, recovery email, notices. */
export interface Email {
  to: string;
  /** What it is for ('verify-account', 'reset-password', ...), kept by the outbox. */
  kind: string;
  subject: string;
  /** Plain text; links in it are absolute, on SITE_URL. */
  body: string;
  /** The link the email is about, when it has one (tests and the outbox read it). */
  link?: string;
  /** When the link stops working (ms since the epoch): the queue stops trying then. */
  expiresAt?: number;
}

/**
 * A transport: the outbox table in development and tests (server/accounts/outbox.ts), a
 * mail server over SMTP in production (server/accounts/smtp-mailer.ts). Routes never call
 * it: they post to the mail queue (server/accounts/mail-queue.ts), whose sender does, so a
 * reply never waits on the mail server (a slow one would hold sign-in pages, and a reply
 * that waited only when an account exists would tell which emails have one).
 */
export interface Mailer {
  /** Hands the email over; resolves once the transport accepted it. */
  send: (email: Email) => Promise<void>;
  /**
   * A hand-over that is a local write and cannot wait on a server (the outbox): the queue
   * calls it in the request and marks the mail sent at once.
   */
  sendNow?: (email: Email) => void;
  /** Lets go of connections (the SMTP transport's pool); nothing for the outbox. */
  close?: () => void;
}

/** An email as the outbox and the mail queue keep it: a row of either table. */
export interface EmailRow {
  id: number;
  to_address: string;
  kind: string;
  subject: string;
  body: string;
  link: string;
}
