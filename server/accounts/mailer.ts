import type { Deps } from '../deps.ts';
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
}

/**
 * Where emails go: the outbox table in development and tests
 * (server/accounts/outbox.ts), a mail server over SMTP in production
 * (server/accounts/smtp-mailer.ts). Routes only call send.
 */
export interface Mailer {
  /** Hands the email over; resolves once the transport accepted it. */
  send: (email: Email) => Promise<void>;
  /** Lets go of connections (the SMTP transport's pool); nothing for the outbox. */
  close?: () => void;
}

/**
 * Sends without making the caller wait, and logs a failure instead of answering with it:
 * a reply that waited on the mail server would take longer for an address with an account
 * than for one without (account enumeration by timing), and a slow mail server would hold
 * sign-in pages. The outbox writes its row before this returns, so tests read it at once.
 */
export function sendInBackground(mailer: Mailer, email: Email): void {
  mailer.send(email).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[api] the ${email.kind} email could not be sent: ${reason}`);
  });
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

/** SITE_URL's default, for apps built without one (tests): the local store. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/**
 * The mailer and the site origin a route module mails with: the app's (createApp always
 * sets both), else the outbox and the local store, for a route module built on its own.
 */
export function mailSettings(deps: Pick<Deps, 'db' | 'now' | 'mailer' | 'siteUrl'>): {
  mailer: Mailer;
  siteUrl: string;
} {
  return {
    mailer: deps.mailer ?? outboxMailer(deps.db, deps.now),
    siteUrl: deps.siteUrl ?? DEFAULT_SITE_URL,
  };
}
