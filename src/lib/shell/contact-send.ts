import type { JsonReply } from '../api/reply.ts';
import {
  contactFromForm,
  type ContactField,
  type ContactMessage,
} from '../../../shared/contracts/contact-message.ts';

/**
 * What became of one press of the contact form's Send (src/lib/shell/contact-form.ts shows
 * it): fields to correct, the confirmation, or why it was not sent. The form keeps what the
 * shopper typed unless it was sent.
 */
export type ContactOutcome =
  | { kind: 'invalid'; errors: Partial<Record<ContactField, string>> }
  | { kind: 'sent'; confirmation: string }
  | { kind: 'failed'; message: string };

/** Sends the message; throws when no reply came (src/lib/api/client.ts requestJson). */
export type SendContact = (message: ContactMessage) => Promise<JsonReply>;

export const CONTACT_FAILED = 'Something went wrong. Please try again.';

/** The words of a message that could not be sent because the store was not reached. */
export const unreachableText = (phone: string): string =>
  `We could not reach the store, so your message was not sent. It is still here: please try again, or call us at ${phone}.`;

/**
 * Checks the form's values and sends them. A reply the API refused gives its own words (a
 * 429 says to wait or call); a reply that never came gives the phone number.
 * @example await sendContact(values, (m) => requestJson('POST', '/api/contactMessages', { body: m }), '1-800-555-0199')
 */
export async function sendContact(
  values: Partial<Record<ContactField, string>>,
  send: SendContact,
  phone: string,
): Promise<ContactOutcome> {
  const checked = contactFromForm(values);
  if (!checked.ok) return { kind: 'invalid', errors: checked.errors };
  let reply: JsonReply;
  try {
    reply = await send(checked.message);
  } catch {
    return { kind: 'failed', message: unreachableText(phone) };
  }
  const body = (reply.body ?? {}) as { id?: unknown; error?: unknown };
  if (!reply.ok) {
    const error = typeof body.error === 'string' && body.error ? body.error : CONTACT_FAILED;
    return { kind: 'failed', message: error };
  }
  const number = typeof body.id === 'number' ? ` #${String(body.id)}` : '';
  const { name, email } = checked.message;
  return {
    kind: 'sent',
    confirmation: `Thank you, ${name}! Your message${number} has been sent. We will reply to ${email}, usually within one business day.`,
  };
}
