import type { ContactMessage } from './contact-message.ts';

/**
 * A contact message as a shopper sends one: the example the tests of the form's check, the
 * storefront's client and the API's route (server/routes/contact.ts) start from.
 */
export const CONTACT_EXAMPLE = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '555-0100',
  message: 'Does the 1183859 steer wheel fit a Big Joe PDM?',
} satisfies ContactMessage;
