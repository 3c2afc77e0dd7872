// "Export CSV" on the products list (docs/admin.md#csv-import-and-export). A plain link cannot carry the staff
// token, which lives in this tab's sessionStorage, so the file is fetched with it and handed to the browser as a
// download from an object URL.
import { useState } from 'react';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { Notice, secondaryButtonClass } from './ui';

function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ExportButton() {
  const { api } = useAdminSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function exportCsv() {
    setBusy(true);
    setError(null);
    try {
      const { file, name } = await api.exportProducts();
      saveAs(file, name ?? `rangrez-products-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={() => void exportCsv()}
        disabled={busy}
        aria-busy={busy || undefined}
        className={secondaryButtonClass}
      >
        Export CSV
      </button>
      <Notice notice={error ? { kind: 'error', text: error } : null} />
    </div>
  );
}
