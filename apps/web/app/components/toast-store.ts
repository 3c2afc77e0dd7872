// The store's one toast system: the queue and notify(). A module-level store rather than a context so
// any code (event handlers, stubs, other features) can call notify() without threading a hook through. Apart
// from the toasts' component (Toast.tsx), whose code is not part of a page's first load.
import { useSyncExternalStore } from 'react';

export type ToastKind = 'error' | 'success' | 'info';
export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  /** Set by notify's `replace` option: a later toast with the same key takes this one's place. */
  replace?: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function notify(message: string, kind: ToastKind = 'info', options: { replace?: string } = {}): void {
  const { replace } = options;
  if (replace !== undefined) {
    // One toast per `replace` key (a form's validation message): the new one takes the old one's place, even
    // with the same words, so the latest is shown for its full time and announced again instead of stacking.
    toasts = [...toasts.filter((t) => t.replace !== replace), { id: nextId++, message, kind, replace }];
    emit();
    return;
  }
  // The same message twice at once (a double click, several failing calls) shows once.
  if (toasts.some((t) => t.message === message)) return;
  toasts = [...toasts, { id: nextId++, message, kind }];
  emit();
}

export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: Toast[] = [];

/** The toasts on screen; none on the server. */
export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
}
