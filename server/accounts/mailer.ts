import type { Deps } from '../deps.ts';
import { MailBudget } from './mail-budget.ts';
import { MailQueue } from './mail-queue.ts';
import type { Email, EmailRow, Mailer } from './email.ts';
import { outboxMailer } from './outbox.ts';

export type { Email, EmailRow, Mailer };

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
