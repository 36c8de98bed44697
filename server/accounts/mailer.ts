import type { Deps } from '../deps.ts';
import { MailBudget } from './mail-budget.ts';
import { MailQueue } from './mail-queue.ts';
import { outboxMailer } from './outbox.ts';

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

/**
 * An absolute link on the store's configured origin (links in emails come
 * from SITE_URL, never from the request's Host, Origin or X-Forwarded-Host).
 * @example siteLink('https://shop.example.com/', '/reset-password?token=x')
 *   // 'https://shop.example.com/reset-password?token=x'
 */
export function siteLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * The From of the store's emails: MAIL_FROM, else no-reply at SITE_URL's host.
 * @example mailFrom(undefined, 'https://shop.example.com') // 'no-reply@shop.example.com'
 */
export function mailFrom(configured: string | undefined, siteUrl: string): string {
  return configured ?? `no-reply@${new URL(siteUrl).hostname}`;
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

/** SITE_URL's default, for apps built without one (tests): the local store. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/**
 * The mail queue, the mail budgets and the site origin a route module mails with: the
 * app's (createApp always sets them), else a queue to the outbox, budgets of its own and
 * the local store, for a route module built on its own.
 */
export function mailSettings(
  deps: Pick<Deps, 'db' | 'now' | 'mailer' | 'mailQueue' | 'mailBudget' | 'siteUrl'>,
): { queue: MailQueue; budget: MailBudget; siteUrl: string } {
  const { db, now } = deps;
  return {
    queue:
      deps.mailQueue ?? new MailQueue({ db, now, transport: deps.mailer ?? outboxMailer(db, now) }),
    budget: deps.mailBudget ?? new MailBudget(now),
    siteUrl: deps.siteUrl ?? DEFAULT_SITE_URL,
  };
}
