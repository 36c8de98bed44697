import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, contactFromForm, type ContactMessage } from './contact-message.ts';
import { CONTACT_EXAMPLE } from './contact-message.testing.ts';

/** The example as a shopper might type it: spaces around every field, and no phone. */
const spaced = (message: ContactMessage) =>
  Object.fromEntries(Object.entries(message).map(([field, text]) => [field, ` ${text} `]));
const valid = { ...spaced(CONTACT_EXAMPLE), phone: '' };

describe('contactFromForm', () => {
  it('trims what the shopper typed and allows leaving out the phone', () => {
    expect(contactFromForm(valid)).toEqual({
      ok: true,
      message: { ...CONTACT_EXAMPLE, phone: '' },
    });
  });

  it('names every field that needs the shopper, in the words the form shows', () => {
    expect(contactFromForm({ name: ' ', email: 'ann@', message: '   ' })).toEqual({
      ok: false,
      errors: {
        name: 'Enter your name.',
        email: 'Enter a valid email address.',
        message: 'Enter your message.',
      },
    });
  });

  it('refuses what the server would refuse, at the same limits', () => {
    const long = (length: number) => 'x'.repeat(length);
    const result = contactFromForm({
      name: long(CONTACT_LIMITS.name + 1),
      email: `${long(CONTACT_LIMITS.email)}@example.com`,
      phone: long(CONTACT_LIMITS.phone + 1),
      message: long(CONTACT_LIMITS.message + 1),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'The name is too long.',
        email: 'Enter a valid email address.',
        phone: 'The phone number is too long.',
        message: 'Keep the message under 2,000 characters.',
      },
    });
  });

  it('takes a message at the limit', () => {
    const message = 'x'.repeat(CONTACT_LIMITS.message);
    expect(contactFromForm({ ...valid, message }).ok).toBe(true);
  });
});
