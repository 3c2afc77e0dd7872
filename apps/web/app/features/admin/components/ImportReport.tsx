// What a CSV import does, or would do on a dry run (docs/admin.md#csv-import-and-export): the counts, the columns
// it did not read and every row-level error, as a table a member can work through in their spreadsheet.
import type { AdminCsvImportReport } from '@rangrez/contract/schemas/admin-catalogue-csv';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

function Counts({ report }: { report: AdminCsvImportReport }) {
  const [create, update] = report.dryRun ? ['to create', 'to update'] : ['created', 'updated'];
  const cells: [string, number][] = [
    [`Products ${create}`, report.products.create],
    [`Products ${update}`, report.products.update],
    [`Variants ${create}`, report.variants.create],
    [`Variants ${update}`, report.variants.update],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {cells.map(([label, n]) => (
        <div key={label} className="rounded-lg border border-black/10 bg-white p-3">
          <dt className="text-sm text-neutral-600">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{n.toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  );
}

function ErrorTable({ errors }: { errors: AdminCsvImportReport['errors'] }) {
  return (
    <div role="region" aria-label="Errors in the file" tabIndex={0} className="relative overflow-x-auto">
      <table className="w-full border-collapse bg-white text-left text-sm">
        <caption className="sr-only">Errors in the file, by row</caption>
        <thead>
          <tr className="border-b border-black/10">
            <th scope="col" className="p-2">
              Row
            </th>
            <th scope="col" className="p-2">
              Column
            </th>
            <th scope="col" className="p-2">
              Message
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={i} className="border-b border-black/5">
              <td className="p-2 tabular-nums">{e.row ?? 'File'}</td>
              <td className="p-2">{e.column ?? '—'}</td>
              <td className="p-2">{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ImportReport({ report }: { report: AdminCsvImportReport }) {
  return (
    <section aria-label={report.dryRun ? 'Check of the file' : 'Import'} className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">
        {count(report.rows, 'product row', 'product rows')} read
        {report.errors.length > 0 ? `, ${count(report.errors.length, 'error', 'errors')}` : ', no errors'}.
      </p>
      <Counts report={report} />
      {report.ignoredColumns.length > 0 ? (
        <p className="text-sm">
          Columns not read: <span className="font-semibold">{report.ignoredColumns.join(', ')}</span>
        </p>
      ) : null}
      {report.errors.length > 0 ? <ErrorTable errors={report.errors} /> : null}
    </section>
  );
}
