// Bottom sheet for small screens (collections, profile): a modal dialog sliding up from the bottom bar.
import { type ReactNode, useId } from 'react';
import { Dialog } from './Dialog';
import { CloseIcon } from './icons';

export function Sheet({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Dialog
      onClose={onClose}
      labelledBy={headingId}
      className="sheet m-0 mt-auto flex max-h-[85vh] w-full max-w-none flex-col rounded-t-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/40"
    >
      <div className="flex items-center justify-between border-b border-black/10 px-4 py-3">
        <h2 id={headingId} className="text-lg font-extrabold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-black/5"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="overflow-y-auto px-2 py-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">{children}</div>
    </Dialog>
  );
}
