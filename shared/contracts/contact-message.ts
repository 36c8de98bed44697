import { SENDER_LIMITS, senderFromForm, type Sender } from './sender.ts';

/**
 * The contact form's message (spec storefront 1: visitors "reach support by phone or chat";
 * with no chat provider configured, the phone and this form: issue 29). The form sends it to
 * POST /api/contactMessages (server/routes/contact.ts), which checks the same limits. The
 * sender's fields (name, email, phone) are those of every form a shopper sends (sender.ts).
 */
export interface ContactMessage extends Sender {
  message: string;
}

export type ContactField = keyof ContactMessage;

/** Limits shared with the server's validation (server/routes/contact.ts). */
export const CONTACT_LIMITS = {
  ...SENDER_LIMITS,
  message: 2000,
} as const;

/** The fields in the order the form shows them (the first wrong one takes the focus). */
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

/**
 * Reads and checks the contact form's values. Returns the message, or the first problem per
 * field in the words the form shows next to it.
 * @example contactFromForm({ name: 'Ann', email: 'ann@example.com', message: 'Does it fit?' })
 */
export function contactFromForm(
  values: Partial<Record<ContactField, string>>,
):
  | { ok: true; message: ContactMessage }
  | { ok: false; errors: Partial<Record<ContactField, string>> } {
  const { sender, errors: senderErrors } = senderFromForm(values);
  const errors: Partial<Record<ContactField, string>> = { ...senderErrors };
  const message = (values.message ?? '').trim();
  if (!message) errors.message = 'Enter your message.';
  else if (message.length > CONTACT_LIMITS.message) {
    errors.message = `Keep the message under ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, message: { ...sender, message } };
}
