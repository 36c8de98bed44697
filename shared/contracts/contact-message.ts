/**
 * The contact form's message (spec storefront 1: visitors "reach support by phone or chat";
 * with no chat provider configured, the phone and this form: issue 29). The form sends it to
 * POST /api/contactMessages (server/routes/contact.ts), which checks the same limits.
 */
export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export type ContactField = keyof ContactMessage;

/** Limits shared with the server's validation (server/routes/contact.ts). */
export const CONTACT_LIMITS = {
  name: 100,
  email: 200,
  phone: 40,
  message: 2000,
} as const;

/** The fields in the order the form shows them (the first wrong one takes the focus). */
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  const text = (field: ContactField) => (values[field] ?? '').trim();
  const errors: Partial<Record<ContactField, string>> = {};
  const name = text('name');
  const email = text('email');
  const phone = text('phone');
  const message = text('message');

  if (!name) errors.name = 'Enter your name.';
  else if (name.length > CONTACT_LIMITS.name) errors.name = 'The name is too long.';
  if (!EMAIL.test(email) || email.length > CONTACT_LIMITS.email) {
    errors.email = 'Enter a valid email address.';
  }
  if (phone.length > CONTACT_LIMITS.phone) errors.phone = 'The phone number is too long.';
  if (!message) errors.message = 'Enter your message.';
  else if (message.length > CONTACT_LIMITS.message) {
    errors.message = `Keep the message under ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, message: { name, email, phone, message } };
}
