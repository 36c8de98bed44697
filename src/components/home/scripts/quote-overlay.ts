import { quoteFromForm, type QuoteField } from '../../../lib/shell/quote-request.ts';
import { QUOTE_FAILED, sendQuoteRequest } from '../../../stores/quote.ts';
import { showToast } from '../../../stores/toast.ts';

/** The quote form overlay (spec storefront 2), loaded on the first 'Request a quote' click. */

const FIELDS: readonly QuoteField[] = [
  'name',
  'email',
  'phone',
  'quantity',
  'partNumbers',
  'message',
];

let dialog: HTMLDialogElement | undefined;

function mount(): HTMLDialogElement | undefined {
  const template = document.querySelector<HTMLTemplateElement>('#quote-form-template');
  const made = template?.content.firstElementChild?.cloneNode(true);
  if (!(made instanceof HTMLDialogElement)) return undefined;
  document.body.append(made);
  const form = made.querySelector<HTMLFormElement>('[data-quote-form]');
  made.querySelector('[data-quote-close]')?.addEventListener('click', () => {
    made.close();
  });
  // A click on the backdrop (outside the form) closes the overlay.
  made.addEventListener('click', (event) => {
    if (event.target === made) made.close();
  });
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(made, form);
  });
  return made;
}

function showErrors(form: HTMLFormElement, errors: Partial<Record<QuoteField, string>>): void {
  for (const field of FIELDS) {
    const input = form.elements.namedItem(field);
    if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) continue;
    const id = `quote-error-${field}`;
    document.getElementById(id)?.remove();
    const message = errors[field];
    if (message) {
      const note = document.createElement('span');
      note.id = id;
      note.className = 'field-error';
      note.textContent = message;
      input.after(note);
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }
  const first = FIELDS.find((field) => errors[field]);
  const target = first ? form.elements.namedItem(first) : null;
  if (target instanceof HTMLElement) target.focus();
}

function setResult(form: HTMLFormElement, text: string, ok: boolean): void {
  const result = form.querySelector<HTMLElement>('[data-quote-result]');
  if (!result) return;
  result.textContent = text;
  result.setAttribute('role', ok ? 'status' : 'alert');
  result.classList.toggle('is-success', ok);
  result.classList.toggle('is-error', !ok);
}

async function submit(made: HTMLDialogElement, form: HTMLFormElement): Promise<void> {
  const values: Partial<Record<QuoteField, string>> = {};
  const data = new FormData(form);
  for (const field of FIELDS) {
    const value = data.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  const checked = quoteFromForm(values);
  if (!checked.ok) {
    showErrors(form, checked.errors);
    return;
  }
  showErrors(form, {});
  const button = form.querySelector<HTMLButtonElement>('[data-quote-submit]');
  if (button) button.disabled = true;
  setResult(form, 'Sending...', true);
  try {
    const id = await sendQuoteRequest(checked.request);
    const number = id === undefined ? '' : ` #${String(id)}`;
    form.reset();
    setResult(form, '', true);
    // Success closes the overlay; the toast carries the result (a toast behind an open modal
    // dialog would be inert and unheard).
    made.close();
    showToast({
      variant: 'success',
      message: `Thank you! Your quote request${number} has been sent. We will reply by email soon.`,
    });
  } catch (error) {
    // A failure stays in the form, next to what the shopper may need to correct.
    setResult(form, error instanceof Error && error.message ? error.message : QUOTE_FAILED, false);
  } finally {
    if (button) button.disabled = false;
  }
}

/** Opens the overlay (made on first use) and returns focus to `opener` when it closes. */
export function openQuoteOverlay(opener: HTMLElement): void {
  dialog ??= mount();
  if (!dialog || dialog.open) return;
  const form = dialog.querySelector<HTMLFormElement>('[data-quote-form]');
  if (form) setResult(form, '', true);
  dialog.addEventListener(
    'close',
    () => {
      opener.focus();
    },
    { once: true },
  );
  dialog.showModal();
}
