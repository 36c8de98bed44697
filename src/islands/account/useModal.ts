import { useEffect, useRef } from 'react';

/** A ref for a <dialog> that is open as a modal while `open` is true, and closed otherwise. */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return ref;
}
