import type { ContactMessage } from './contact-message.ts';
import { SENDER_EXAMPLE } from './sender.testing.ts';

/**
 * A contact message as a shopper sends one: the example the tests of the form's check, the
 * storefront's client and the API's route (server/routes/contact.ts) start from.
 */
export const CONTACT_EXAMPLE = {
  ...SENDER_EXAMPLE,
  message: 'Does the 1183859 steer wheel fit a Big Joe PDM?',
} satisfies ContactMessage;
