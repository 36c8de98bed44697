/**
 * What the home page's quote form sends to POST /api/quoteRequests (spec storefront 1, 2); the
 * API (server/routes/quotes.ts) checks it with the same limits.
 */
export interface QuoteRequest {
  name: string;
  email: string;
  phone: string;
  partNumbers: string;
  quantity: number;
  message: string;
}

export type QuoteField = keyof QuoteRequest;

/** Limits shared with the server's validation (server/routes/quotes.ts). */
export const QUOTE_LIMITS = {
  name: 100,
  email: 200,
  phone: 40,
  partNumbers: 500,
  message: 2000,
  quantity: 100_000,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads and checks the quote form's values. Returns the request, or the first problem
 * per field in the words the form shows next to it.
 * @example quoteFromForm({ name: 'Ann', email: 'a@b.co', partNumbers: '85288', quantity: '2' })
 */
export function quoteFromForm(
  values: Partial<Record<QuoteField, string>>,
):
  { ok: true; request: QuoteRequest } | { ok: false; errors: Partial<Record<QuoteField, string>> } {
  const text = (field: QuoteField) => (values[field] ?? '').trim();
  const errors: Partial<Record<QuoteField, string>> = {};
  const name = text('name');
  const email = text('email');
  const phone = text('phone');
  const partNumbers = text('partNumbers');
  const message = text('message');
  const quantityText = text('quantity') || '1';

  if (!name) errors.name = 'Enter your name.';
  else if (name.length > QUOTE_LIMITS.name) errors.name = 'The name is too long.';
  if (!EMAIL.test(email) || email.length > QUOTE_LIMITS.email) {
    errors.email = 'Enter a valid email address.';
  }
  if (phone.length > QUOTE_LIMITS.phone) errors.phone = 'The phone number is too long.';
  if (!partNumbers) errors.partNumbers = 'Enter at least one part number.';
  else if (partNumbers.length > QUOTE_LIMITS.partNumbers) {
    errors.partNumbers = 'The part numbers are too long.';
  }
  const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (!(quantity >= 1 && quantity <= QUOTE_LIMITS.quantity)) {
    errors.quantity = `Enter a quantity from 1 to ${QUOTE_LIMITS.quantity.toLocaleString('en-US')}.`;
  }
  if (message.length > QUOTE_LIMITS.message) errors.message = 'The message is too long.';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: { name, email, phone, partNumbers, quantity, message } };
}
