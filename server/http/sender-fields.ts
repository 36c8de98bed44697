import { z } from 'zod';

/** A trimmed text of at most `max` characters, saying so in the error. */
export const limitedText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`);

/**
 * The sender's fields of a form a shopper sends the store (the contact message, the quote
 * request): a name, an email address to answer, and a phone that may be left out, each within
 * the contract's limits (shared/contracts/contact-message.ts, quote-request.ts).
 * @example z.object({ ...senderFields(CONTACT_LIMITS), message: limitedText(2000) })
 */
export const senderFields = (limits: { name: number; email: number; phone: number }) => ({
  name: limitedText(limits.name).min(1, 'is required'),
  email: z.email('must be an email address').max(limits.email),
  phone: limitedText(limits.phone).default(''),
});
