import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Options of {@link smtpMailer}. */
export interface SmtpMailerOptions {
  /** SMTP_URL: smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465. */
  url: string;
  /** The From address (MAIL_FROM, or no-reply at SITE_URL's host). */
  from: string;
  /** Seconds to wait for the connection, the greeting and each reply before giving up. */
  timeoutSeconds?: number;
}

/**
 * The production transport: nodemailer over SMTP with a small connection
 * pool. Emails are plain text; nodemailer encodes headers, so a subject or address cannot
 * smuggle in another header. A mail server that does not answer fails the send after
 * `timeoutSeconds` rather than holding a connection for minutes.
 *
 * @example const mailer = smtpMailer({ url: env.SMTP_URL, from: 'Shop <no-reply@shop.example>' })
 */
export function smtpMailer({ url, from, timeoutSeconds = 20 }: SmtpMailerOptions): Mailer {
  const ms = timeoutSeconds * 1000;
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: ms,
    greetingTimeout: ms,
    socketTimeout: ms,
  });
  return {
    send: async (email) => {
      await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.body });
    },
    close: () => transport.close(),
  };
}
