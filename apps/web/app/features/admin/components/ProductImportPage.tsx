// /admin/products/import (products:write): a CSV file is checked first (a dry run that writes nothing), and only a
// file without errors can then be imported, all or nothing (docs/admin.md#csv-import-and-export).
import { PRODUCT_CSV_MAX_BYTES } from '@rangrez/contract/schemas/admin-catalogue-csv';
import { Link } from 'react-router';
import { useProductImport } from '../use-product-import';
import { ImportReport } from './ImportReport';
import { RequirePermission } from './RequirePermission';
import { UploadProgress } from './UploadProgress';
import { Notice, PageHeading, buttonClass, secondaryButtonClass } from './ui';

export function ProductImportPage() {
  return (
    <RequirePermission permission="products:write">
      <ProductImport />
    </RequirePermission>
  );
}

const MAX_MB = PRODUCT_CSV_MAX_BYTES / (1024 * 1024);

function ProductImport() {
  const run = useProductImport();
  return (
    <>
      <PageHeading title="Import products">
        A CSV file in the export&apos;s columns, one row per variant. It is checked first; nothing is written
        until you import a file without errors.
      </PageHeading>
      <div className="flex flex-col gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void run.check();
          }}
        >
          <div>
            <label htmlFor="import-file" className="block text-sm font-semibold">
              CSV file
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby="import-file-hint"
              onChange={(event) => run.choose(event.target.files?.[0] ?? null)}
              className="mt-1 block text-sm"
            />
            <p id="import-file-hint" className="mt-1 text-sm text-neutral-600">
              Up to {MAX_MB} MB.
            </p>
          </div>
          <button type="submit" disabled={!run.file || run.busy} className={secondaryButtonClass}>
            Check the file
          </button>
        </form>
        {run.busy ? (
          <UploadProgress
            label={run.phase === 'checking' ? 'Sending the file to check' : 'Sending the file to import'}
            then={
              run.phase === 'checking'
                ? 'Checking every row'
                : 'Importing: every change is written at once, or none'
            }
            sent={run.sent}
          />
        ) : null}
        <Notice notice={run.error ? { kind: 'error', text: run.error } : null} />
        {run.phase === 'imported' ? <Notice notice={{ kind: 'success', text: 'Imported.' }} /> : null}
        {run.report ? <ImportReport report={run.report} /> : null}
        {run.canImport ? (
          <button
            type="button"
            onClick={() => void run.importFile()}
            disabled={run.busy}
            aria-busy={run.busy || undefined}
            className={`${buttonClass} self-start`}
          >
            Import
          </button>
        ) : null}
        <Link to="/admin/products" className="text-sm font-semibold underline">
          Back to products
        </Link>
      </div>
    </>
  );
}
