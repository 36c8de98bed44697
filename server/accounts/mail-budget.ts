import type { Context } from 'hono';
import { clientKey } from '../http/client-key.ts';
import { jsonError } from '../http/errors.ts';
import { RateLimiter, type Limit } from './rate-limit.ts';

const HOUR = 60 * 60_000;

/**
 * How many account emails a request may cause (registration, recovery, verification, the
 * recovery email), per hour. A budget is decided from what the request says (the recipient
 * it names and the requester's network), never from whether an account exists, so a
 * refusal tells nobody which emails have accounts.
 */
export const MAIL_BUDGET = {
  /**
   * Mails one requester may cause to one recipient: the owner's own asks count here, and
   * nobody else's do, so a stranger cannot use them up.
   */
  perRequesterAndRecipient: { max: 3, windowMs: HOUR },
  /** Mails one requester may cause to every recipient together: no mailing many mailboxes. */
  perRequester: { max: 30, windowMs: HOUR },
  /**
   * Mails to one recipient from everyone: against a flood from many networks. A requester's
   * first mail to a recipient in its window is never refused by it (only counted), so
   * strangers who fill it cannot silence the owner; only repeats need room in it.
   */
  perRecipient: { max: 10, windowMs: HOUR },
} satisfies Record<string, Limit>;

/**
 * The mailbox a recipient address reaches, for counting: lower case, without a `+tag`, so
 * that ada+1@, ada+2@ and ADA@ share one budget.
 * @example recipientKey(' Ada+shop@Example.com ') // 'ada@example.com'
 */
export function recipientKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  return `${address.slice(0, at).split('+')[0] ?? ''}${address.slice(at)}`;
}

/**
 * The mail budgets of one API process (in memory, like the other rate limits): shared by
 * every route that mails, so that they all draw on one budget per requester and recipient.
 */
export class MailBudget {
  private readonly limiter: RateLimiter;
  private readonly limits: typeof MAIL_BUDGET;
  constructor(now: () => number, limits: typeof MAIL_BUDGET = MAIL_BUDGET) {
    this.limiter = new RateLimiter(now);
    this.limits = limits;
  }

  /**
   * Counts one mail `requester` (a client address) asks for `recipient` and returns 0, or
   * counts nothing and returns the seconds until it may ask again. Call it for every request
   * that names a recipient, whether or not a mail will follow.
   */
  take(requester: string, recipient: string): number {
    const { perRequesterAndRecipient: pair, perRequester, perRecipient } = this.limits;
    const from = clientKey(requester);
    const to = recipientKey(recipient);
    const keys = { pair: `pair|${from}|${to}`, from: `from|${from}`, to: `to|${to}` };
    // The first of this pair in its window: never refused for the recipient's total.
    const first = this.limiter.peek(keys.pair, { max: 1, windowMs: pair.windowMs }) === 0;
    const wait = Math.max(
      this.limiter.peek(keys.pair, pair),
      this.limiter.peek(keys.from, perRequester),
      first ? 0 : this.limiter.peek(keys.to, perRecipient),
    );
    if (wait > 0) return wait;
    this.limiter.take(keys.pair, pair);
    this.limiter.take(keys.from, perRequester);
    this.limiter.take(keys.to, perRecipient);
    return 0;
  }
}

/**
 * The words of a refused mail: it says that nothing was sent and when to try again, the same
 * for every email (the account pages show them as they are).
 * @example mailRefusedMessage(2400) // 'No email was sent: ... Please try again in 40 minutes.'
 */
export function mailRefusedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `No email was sent: too many emails were asked for this address, or from your connection, in the last hour. Please try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`;
}

/** The 429 of a refused mail, with Retry-After (seconds). */
export function mailRefused(c: Context, seconds: number) {
  c.header('Retry-After', String(seconds));
  return jsonError(c, 429, mailRefusedMessage(seconds));
}
