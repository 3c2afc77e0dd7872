// The CSV import's phases (docs/admin.md#csv-import-and-export): the file is checked first (a dry run), and only
// a check without errors offers the import, which sends the same file again. The server does not stream
// progress, so each phase shows what it has: the upload as a share of the bytes sent, then the answer.
import {
  type AdminCsvImportReport,
  PRODUCT_CSV_MAX_BYTES,
} from '@rangrez/contract/schemas/admin-catalogue-csv';
import { useState } from 'react';
import { errorText } from './api';
import { useAdminSession } from './session';

type ImportPhase = 'idle' | 'checking' | 'checked' | 'importing' | 'imported';

interface ImportState {
  phase: ImportPhase;
  /** Share of the file sent in the current phase, 0 to 1. */
  sent: number;
  /** The dry run's report, then the import's. */
  report: AdminCsvImportReport | null;
  error: string | null;
}

const START: ImportState = { phase: 'idle', sent: 0, report: null, error: null };

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** A file the server would refuse unread (413) is refused before it is sent. */
const tooLarge = (file: File) =>
  `The file is ${megabytes(file.size)} MB; an import takes up to ${megabytes(PRODUCT_CSV_MAX_BYTES)} MB. ` +
  "Split it into several files, each product's rows in the same file.";

export function useProductImport() {
  const { api } = useAdminSession();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportState>(START);

  async function run(dryRun: boolean) {
    if (!file) return;
    const before = state;
    setState({ ...before, phase: dryRun ? 'checking' : 'importing', sent: 0, error: null });
    const onProgress = (sent: number) => setState((s) => ({ ...s, sent }));
    try {
      const report = await api.importProducts(file, dryRun, onProgress);
      setState({ phase: dryRun ? 'checked' : 'imported', sent: 1, report, error: null });
    } catch (error) {
      // A refused import leaves the check's report on screen; a refused check has none to show.
      setState({ ...(dryRun ? START : before), error: errorText(error) });
    }
  }

  return {
    file,
    choose: (next: File | null) => {
      const refused = next !== null && next.size > PRODUCT_CSV_MAX_BYTES;
      setFile(refused ? null : next);
      setState(refused ? { ...START, error: tooLarge(next) } : START);
    },
    ...state,
    busy: state.phase === 'checking' || state.phase === 'importing',
    /** The check passed and the file has not been imported yet. */
    canImport: state.phase === 'checked' && state.report !== null && state.report.errors.length === 0,
    check: () => run(true),
    importFile: () => run(false),
  };
}
