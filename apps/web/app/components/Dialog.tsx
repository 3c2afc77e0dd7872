// Modal dialogs on the native <dialog> element: showModal() makes the rest of the page inert (focus stays
// inside), Escape closes, and focus goes back to whatever opened it. Used by the lightbox, the size chart and
// the mobile sheets.
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';

export interface DialogProps {
  onClose: () => void;
  /** Accessible name: the id of a heading inside, or a label. */
  labelledBy?: string;
  label?: string;
  className?: string;
  children: ReactNode;
  /** Element to focus when opened (default: the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Keys the dialog handles itself (the lightbox's arrows). Escape always closes. */
  onKeyDown?: (event: React.KeyboardEvent<HTMLDialogElement>) => void;
}

/** Render it only while open: mounting opens it, unmounting closes it and restores focus. */
export function Dialog({
  onClose,
  labelledBy,
  label,
  className = '',
  children,
  initialFocus,
  onKeyDown,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    // The page behind a modal must not scroll on phones.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onCancel = (event: Event) => {
      // Keep React state the source of truth: ask the owner to unmount us instead of closing natively.
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-modal="true"
      className={className}
      onKeyDown={onKeyDown}
      // A click on the backdrop lands on the <dialog> itself, outside its content box.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
