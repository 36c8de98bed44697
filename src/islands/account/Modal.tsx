import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

interface ModalProps {
  /** Open as a modal while true (showModal: focus trapped, the page inert), closed otherwise. */
  open: boolean;
  /** The id of the heading that names the dialog. */
  titleId: string;
  title: ReactNode;
  /** The id of the text that describes it (a confirmation's question). */
  describedBy?: string;
  /** Escape, which also closes the native dialog. */
  onCancel: () => void;
  /** Any close, Escape included. */
  onClose?: () => void;
  /** Makes the dialog's content one form (the address dialog's Confirm submits it). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The body and the footer's buttons (`dialog-body`, `dialog-foot`). */
  children: ReactNode;
}

/**
 * The account pages' one modal: a native <dialog> shown with showModal()
 * while `open`, its heading in the shared `dialog-head`, for the address, card address and
 * delete-confirmation dialogs.
 * @example <Modal open={open} titleId="x-title" title="Delete" onCancel={close}>...</Modal>
 */
export function Modal({
  open,
  titleId,
  title,
  describedBy,
  onCancel,
  onClose,
  onSubmit,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  const content = (
    <>
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
      </div>
      {children}
    </>
  );
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={onCancel}
      onClose={onClose}
    >
      {onSubmit ? <form onSubmit={onSubmit}>{content}</form> : content}
    </dialog>
  );
}
