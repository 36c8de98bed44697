/**
 * Who sends the store a form (the contact message, the quote request): a name, an email
 * address to answer and a phone that may be left out. Both forms hold these fields to the same
 * limits and the same words, and the API checks them with those limits
 * (server/http/sender-fields.ts).
 */
export interface Sender {
  name: string;
  email: string;
  phone: string;
}

export type SenderField = keyof Sender;

/** Limits shared with the server's validation (server/http/sender-fields.ts). */
export const SENDER_LIMITS = {
  name: 100,
  email: 200,
  phone: 40,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads and checks the sender's fields of a form's values: each trimmed, and the first
 * problem per field in the words the form shows next to it (none: `errors` is empty).
 * @example senderFromForm({ name: ' Ann ', email: 'ann@' })
 *   // { sender: { name: 'Ann', email: 'ann@', phone: '' }, errors: { email: 'Enter a valid email address.' } }
 */
export function senderFromForm(values: Partial<Record<SenderField, string>>): {
  sender: Sender;
  errors: Partial<Record<SenderField, string>>;
} {
  const text = (field: SenderField) => (values[field] ?? '').trim();
  const sender = { name: text('name'), email: text('email'), phone: text('phone') };
  const errors: Partial<Record<SenderField, string>> = {};
  if (!sender.name) errors.name = 'Enter your name.';
  else if (sender.name.length > SENDER_LIMITS.name) errors.name = 'The name is too long.';
  if (!EMAIL.test(sender.email) || sender.email.length > SENDER_LIMITS.email) {
    errors.email = 'Enter a valid email address.';
  }
  if (sender.phone.length > SENDER_LIMITS.phone) errors.phone = 'The phone number is too long.';
  return { sender, errors };
}
