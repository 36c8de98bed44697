import { requestJson } from '../api/client.ts';
import { CONTACT_FIELDS, type ContactField } from '../../../shared/contracts/contact-message.ts';
import { sendContact } from './contact-send.ts';

/**
 * The contact form's behaviour (src/components/shell/ContactForm.astro, on the contact page):
 * one send at a time (a second press while sending does nothing), each problem under its
 * field and the first wrong field focused, then the confirmation or the failure read out.
 * What the shopper typed stays until the message is sent.
 */
export function wireContactForm(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('[data-contact-send]');
  const sent = form.querySelector<HTMLElement>('[data-contact-sent]');
  const failed = form.querySelector<HTMLElement>('[data-contact-failed]');
  const phone = form.dataset['phone'] ?? '';
  let sending = false;
  // The page's own checks take over from the browser's (which a form without JavaScript uses).
  form.noValidate = true;

  const say = (target: HTMLElement | null, text: string, state = '') => {
    if (!target) return;
    target.textContent = text;
    target.hidden = text === '';
    target.dataset['state'] = state;
  };

  const showErrors = (errors: Partial<Record<ContactField, string>>) => {
    for (const field of CONTACT_FIELDS) {
      const input = form.elements.namedItem(field);
      if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) continue;
      const message = errors[field] ?? '';
      say(form.querySelector<HTMLElement>(`[data-error-for="${field}"]`), message);
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    const first = CONTACT_FIELDS.find((field) => errors[field]);
    const target = first ? form.elements.namedItem(first) : null;
    if (target instanceof HTMLElement) target.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(form);
    const values: Partial<Record<ContactField, string>> = {};
    for (const field of CONTACT_FIELDS) {
      const value = data.get(field);
      values[field] = typeof value === 'string' ? value : '';
    }
    sending = true;
    button?.setAttribute('aria-disabled', 'true');
    say(failed, '');
    say(sent, 'Sending your message…', 'sending');
    void sendContact(
      values,
      (message) => requestJson('POST', '/api/contactMessages', { body: message }),
      phone,
    )
      .then((outcome) => {
        if (outcome.kind === 'invalid') {
          say(sent, '');
          showErrors(outcome.errors);
        } else if (outcome.kind === 'failed') {
          say(sent, '');
          showErrors({});
          say(failed, outcome.message);
          failed?.focus();
        } else {
          showErrors({});
          form.reset();
          say(sent, outcome.confirmation);
          sent?.focus();
        }
      })
      .finally(() => {
        sending = false;
        button?.removeAttribute('aria-disabled');
      });
  });
}
