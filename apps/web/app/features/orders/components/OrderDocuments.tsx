// An order's GST documents in the expanded order (docs/gst.md#downloads): "Download invoice" once the invoice is
// issued, and each credit note; a failed download says why in the server's words.
import { useState } from 'react';
import type { Order } from '@rangrez/contract/schemas';
import { documentFileName, downloadPdf } from '../invoice-download';

export function OrderDocuments({ order }: { order: Order }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!order.invoiceNumber) return null;
  const ref = encodeURIComponent(order.orderId);
  async function save(path: string, number: string) {
    setBusy(true);
    setError(null);
    try {
      await downloadPdf(path, documentFileName(number));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
    setBusy(false);
  }
  const linkClass = 'font-semibold underline disabled:opacity-50';
  return (
    <div className="mt-2 flex flex-col gap-1 text-sm">
      <button
        type="button"
        className={`${linkClass} self-start`}
        disabled={busy}
        onClick={() => save(`/orders/${ref}/invoice`, order.invoiceNumber!)}
      >
        Download invoice
      </button>
      {(order.creditNotes ?? []).map((note) => (
        <button
          key={note.number}
          type="button"
          className={`${linkClass} self-start`}
          disabled={busy}
          onClick={() =>
            save(`/orders/${ref}/credit-notes/${documentFileName(note.number).slice(0, -4)}`, note.number)
          }
        >
          {`Download credit note ${note.number}`}
        </button>
      ))}
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
