// /admin/books (books:read, the owner's): a month or any range of India dates, the period's invoices, credit notes
// and net tax, and the accountant's files for it: the GSTR-1 tables as the offline tool reads them and the
// invoice and sales registers (docs/gst.md#exports, docs/admin.md#books).
import type { BooksFile } from '@rangrez/contract/rules/books';
import { indiaDate } from '@rangrez/contract/rules/gst';
import { formatINR } from '@rangrez/contract/rules/money';
import type { BooksDocumentTotals, BooksSummary } from '@rangrez/contract/schemas/books';
import { useEffect, useState } from 'react';
import { type BooksPeriodChoice, booksQueryString } from '../api-books';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { ExportButton } from './ExportButton';
import { RequirePermission } from './RequirePermission';
import { Notice, PageHeading, TextField } from './ui';

export function BooksPage() {
  return (
    <RequirePermission permission="books:read">
      <Books />
    </RequirePermission>
  );
}

interface Loaded {
  query: string;
  summary: BooksSummary | null;
  error?: string;
}

function useBooksSummary(query: string | null) {
  const { api } = useAdminSession();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (query === null) return;
    let live = true;
    api.booksSummary(query).then(
      (summary) => live && setLoaded({ query, summary }),
      (error: unknown) => live && setLoaded({ query, summary: null, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, query]);
  return loaded?.query === query ? loaded : null;
}

function Books() {
  const [choice, setChoice] = useState<BooksPeriodChoice>(() => {
    const today = indiaDate(new Date());
    return { mode: 'month', month: today.slice(0, 7), from: `${today.slice(0, 7)}-01`, to: today };
  });
  const query = booksQueryString(choice);
  const loaded = useBooksSummary(query);
  return (
    <>
      <PageHeading title="Books">
        The invoices and credit notes issued in a month or between two dates (India time), and the files for
        the accountant.
      </PageHeading>
      <div className="flex flex-col gap-6">
        <PeriodChooser choice={choice} onChange={setChoice} />
        {loaded?.error ? <Notice notice={{ kind: 'error', text: loaded.error }} /> : null}
        <p role="status" className="text-sm text-neutral-700">
          {query === null ? 'Choose the period.' : loaded ? '' : 'Loading the totals…'}
        </p>
        {loaded?.summary ? <SummaryTable summary={loaded.summary} /> : null}
        {query !== null && !loaded?.error ? <Downloads query={query} /> : null}
      </div>
    </>
  );
}

function PeriodChooser({
  choice,
  onChange,
}: {
  choice: BooksPeriodChoice;
  onChange: (choice: BooksPeriodChoice) => void;
}) {
  const set = (change: Partial<BooksPeriodChoice>) => onChange({ ...choice, ...change });
  const radio = (mode: BooksPeriodChoice['mode'], label: string) => (
    <label className="flex min-h-11 items-center gap-2">
      <input type="radio" name="books-mode" checked={choice.mode === mode} onChange={() => set({ mode })} />
      {label}
    </label>
  );
  return (
    <fieldset className="flex max-w-2xl flex-col gap-3">
      <legend className="text-sm font-semibold">Period</legend>
      <div className="flex flex-wrap gap-6">
        {radio('month', 'A month')}
        {radio('range', 'A range of dates')}
      </div>
      {choice.mode === 'month' ? (
        <div className="max-w-xs">
          <TextField
            id="books-month"
            label="Month"
            type="month"
            value={choice.month}
            onChange={(e) => set({ month: e.currentTarget.value })}
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="books-from"
            label="From"
            type="date"
            value={choice.from}
            onChange={(e) => set({ from: e.currentTarget.value })}
          />
          <TextField
            id="books-to"
            label="To"
            type="date"
            value={choice.to}
            onChange={(e) => set({ to: e.currentTarget.value })}
          />
        </div>
      )}
    </fieldset>
  );
}

const SUMMARY_ROWS: readonly [string, (s: BooksSummary) => BooksDocumentTotals][] = [
  ['Invoices', (s) => s.invoices],
  ['Credit notes', (s) => s.creditNotes],
  ['Net', (s) => s.net],
];

function SummaryTable({ summary }: { summary: BooksSummary }) {
  const headings = ['Documents', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total'];
  return (
    <div className="overflow-x-auto">
      <table className="w-full max-w-4xl text-left text-sm">
        <caption className="mb-2 text-left font-semibold">
          {summary.period.from} to {summary.period.to}
        </caption>
        <thead>
          <tr className="border-b border-black/10">
            <td />
            {headings.map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 text-right">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SUMMARY_ROWS.map(([label, pick]) => {
            const t = pick(summary);
            return (
              <tr key={label} className="border-b border-black/5">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {label}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{t.count}</td>
                {[t.taxable, t.cgst, t.sgst, t.igst, t.amount].map((value, i) => (
                  <td key={headings[i + 1]} className="py-2 pr-3 text-right tabular-nums">
                    {formatINR(value)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const GSTR1_FILES: readonly [BooksFile, string][] = [
  ['gstr1-b2b.csv', 'B2B (CSV)'],
  ['gstr1-b2cl.csv', 'B2CL (CSV)'],
  ['gstr1-b2cs.csv', 'B2CS (CSV)'],
  ['gstr1-cdnr.csv', 'CDNR (CSV)'],
  ['gstr1-cdnur.csv', 'CDNUR (CSV)'],
  ['gstr1-hsn-b2b.csv', 'HSN summary B2B (CSV)'],
  ['gstr1-hsn-b2c.csv', 'HSN summary B2C (CSV)'],
];

const REGISTER_FILES: readonly [BooksFile, string][] = [
  ['invoice-register.xlsx', 'Invoice register (XLSX)'],
  ['invoice-register.csv', 'Invoice register (CSV)'],
  ['sales-register.xlsx', 'Sales register (XLSX)'],
  ['sales-register.csv', 'Sales register (CSV)'],
];

function FileList({ title, files, query }: { title: string; files: typeof GSTR1_FILES; query: string }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-base font-semibold">{title}</h2>
      <ul className="flex flex-wrap gap-3">
        {files.map(([file, label]) => (
          <li key={file}>
            <ExportButton
              load={(api) => api.exportBooks(file, query)}
              baseName="rangrez-books"
              label={label}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Downloads({ query }: { query: string }) {
  return (
    <div className="flex flex-col gap-6">
      <FileList title="GSTR-1 tables, for the GST offline tool" files={GSTR1_FILES} query={query} />
      <FileList title="Registers" files={REGISTER_FILES} query={query} />
    </div>
  );
}
