// A button that asks before it acts (the order page's actions): a modal <dialog>, which keeps focus inside while
// open and gives it back to the button when closed; the first field (or the confirming button) takes focus. The
// server's refusal shows inside the dialog, in its words; its answer closes it and is the page's to show.
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { errorText } from '../api';
import { Notice, buttonClass, secondaryButtonClass } from './ui';

interface ActionDialogProps {
  /** The button that opens the dialog. */
  label: string;
  title: string;
  confirmLabel: string;
  /** Runs the action; throws to refuse (the error's text is shown). */
  onConfirm: () => Promise<void>;
  children?: ReactNode;
}

export function ActionDialog({ label, title, confirmLabel, onConfirm, children }: ActionDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `dialog-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

  function open() {
    setError(null);
    dialog.current?.showModal();
    // The dialog focuses its first control, the first field; without fields that would be Close: the action's own
    // button takes focus instead (React keeps autoFocus to itself, so the dialog never sees the attribute).
    if (!children) confirm.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      dialog.current?.close();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" onClick={open} className={secondaryButtonClass}>
        {label}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-black/10 p-0 backdrop:bg-black/40"
      >
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4 p-5">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {children}
          <Notice notice={error ? { kind: 'error', text: error } : null} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={() => dialog.current?.close()} className={secondaryButtonClass}>
              Close
            </button>
            <button
              ref={confirm}
              type="submit"
              disabled={busy}
              aria-busy={busy || undefined}
              className={buttonClass}
            >
              {confirmLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
