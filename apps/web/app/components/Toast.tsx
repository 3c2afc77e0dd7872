// The store's one toast system (docs/product/screens.md#shell): top-right, auto-close after 5000 ms,
// announced politely. The queue and notify() are in toast-store.ts.
import { TOAST_AUTO_CLOSE_MS } from '@rangrez/contract/rules/constants';
import { useEffect } from 'react';
import { CloseIcon } from './icons';
import { type Toast, type ToastKind, dismiss, useToasts } from './toast-store';

const TONES: Record<ToastKind, string> = {
  error: 'border-red-300 bg-red-50 text-red-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-black/10 bg-white text-ink',
};

/** Rendered once by the root layout; the live region exists from the first paint so additions are announced. */
export function Toaster() {
  const items = useToasts();
  return (
    <div
      aria-live="polite"
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed right-4 top-4 z-[70] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {items.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <div
      data-toast={toast.kind}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-3 text-sm shadow-lg ${TONES[toast.kind]}`}
    >
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
        aria-label="Dismiss notification"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </div>
  );
}
