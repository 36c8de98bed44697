import type { Sender } from './sender.ts';

/**
 * A shopper as the forms' tests send one (the contact message, the quote request): the
 * sender's fields every such example starts from.
 */
export const SENDER_EXAMPLE = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '555-0100',
} satisfies Sender;
