// "Export CSV" on the products and orders lists (docs/admin.md#csv-import-and-export, #orders). A plain link cannot carry the staff
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

interface ExportSource {
  /** Fetches the file with the staff token: the products' CSV unless said. */
  load?: (api: ReturnType<typeof useAdminSession>['api']) => Promise<{ file: Blob; name: string | null }>;
  /** The file's name when the server gives none, before the date and `.csv`. */
  baseName?: string;
  /** The button's text: 'Export CSV' unless said. */
  label?: string;
}

export function ExportButton({
  load = (api) => api.exportProducts(),
  baseName = 'rangrez-products',
  label = 'Export CSV',
}: ExportSource) {
  const { api } = useAdminSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function exportCsv() {
    setBusy(true);
    setError(null);
    try {
      const { file, name } = await load(api);
      saveAs(file, name ?? `${baseName}-${new Date().toISOString().slice(0, 10)}.csv`);
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
        {label}
      </button>
      <Notice notice={error ? { kind: 'error', text: error } : null} />
    </div>
  );
}
