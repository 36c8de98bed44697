import { atom, onMount, onNotify } from 'nanostores';

/** spec storefront 8: the variants the error catalogue names. */
export type ToastVariant = 'success' | 'danger' | 'error' | 'info';

/** One notification; the view titles every toast 'Notification' (spec storefront 2). */
export interface Toast {
  id: number;
  variant: ToastVariant;
  message: string;
  /** Milliseconds since the epoch; the view shows it as local time. */
  createdAt: number;
}

/** The title every toast carries (spec storefront 2). */
export const TOAST_TITLE = 'Notification';
/** Toasts hide by themselves after this long (spec storefront 2: "hide automatically"). */
export const TOAST_HIDE_MS = 5000;
/** At most this many toasts at once; the oldest goes first. */
export const MAX_TOASTS = 5;

/** The toasts on screen, oldest first. Islands and the layout's view share this one store. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;

/**
 * Shows a toast. Returns its id (for dismissToast).
 * @example showToast({ variant: 'success', message: 'Product added to cart' })
 */
export function showToast(
  { variant, message }: { variant: ToastVariant; message: string },
  now: number = Date.now(),
): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, variant, message, createdAt: now }].slice(-MAX_TOASTS));
  return id;
}

/** Hides one toast (the close button, or the timer). */
export function dismissToast(id: number): void {
  const list = $toasts.get();
  if (list.some((toast) => toast.id === id)) $toasts.set(list.filter((toast) => toast.id !== id));
}

// The hiding timer is a side effect, so it lives in the store's lifecycle (STYLE: "side
// effects live in onMount/listen"): while anyone listens, each new toast gets a timer.
onMount($toasts, () => {
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const schedule = (list: readonly Toast[]) => {
    for (const toast of list) {
      if (timers.has(toast.id)) continue;
      timers.set(
        toast.id,
        setTimeout(() => {
          timers.delete(toast.id);
          dismissToast(toast.id);
        }, TOAST_HIDE_MS),
      );
    }
    for (const [id, timer] of timers) {
      if (!list.some((toast) => toast.id === id)) {
        clearTimeout(timer);
        timers.delete(id);
      }
    }
  };
  schedule($toasts.get());
  // onNotify, not listen: a listener of its own would keep the store mounted for ever.
  const unbind = onNotify($toasts, () => {
    schedule($toasts.get());
  });
  return () => {
    unbind();
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
});
