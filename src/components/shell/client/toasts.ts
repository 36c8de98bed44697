// The toasts (Toasts.astro), drawn from the toast store.
// Run by the shell's one module (index.ts), as are the other parts of the shell.
import { toastTime } from '../../../lib/shell/toast-time.ts';
import { $toasts, dismissToast, type Toast } from '../../../stores/toast.ts';

const view = document.querySelector<HTMLElement>('[data-toasts]');
const title = view?.dataset['title'] ?? 'Notification';

function toastElement(toast: Toast): HTMLElement {
  const box = document.createElement('div');
  box.className = `toast toast-${toast.variant}`;
  // Failures interrupt; the rest wait their turn.
  box.setAttribute(
    'role',
    toast.variant === 'danger' || toast.variant === 'error' ? 'alert' : 'status',
  );
  box.dataset['toastId'] = String(toast.id);
  const head = document.createElement('div');
  head.className = 'toast-head';
  const strong = document.createElement('strong');
  strong.textContent = title;
  const time = document.createElement('time');
  const at = new Date(toast.createdAt);
  time.dateTime = at.toISOString();
  time.textContent = toastTime(at);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Close notification');
  close.textContent = '\u00d7';
  close.addEventListener('click', () => {
    dismissToast(toast.id);
  });
  head.append(strong, time, close);
  const body = document.createElement('p');
  body.className = 'toast-body';
  body.textContent = toast.message;
  box.append(head, body);
  return box;
}

if (view) {
  $toasts.subscribe((toasts) => {
    const ids = new Set(toasts.map((toast) => String(toast.id)));
    for (const shown of view.querySelectorAll<HTMLElement>('[data-toast-id]')) {
      if (!ids.has(shown.dataset['toastId'] ?? '')) shown.remove();
    }
    for (const toast of toasts) {
      if (!view.querySelector(`[data-toast-id="${String(toast.id)}"]`)) {
        view.append(toastElement(toast));
      }
    }
  });
}
