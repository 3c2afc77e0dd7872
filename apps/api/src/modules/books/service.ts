// The accountant's exports (docs/gst.md#exports): a period's totals and its files, all read from the tax
// documents as issued.
import { type BooksFile, type BooksPeriod, booksFileName } from '@rangrez/contract/rules';
import type { BooksDocumentTotals, BooksSummary } from '@rangrez/contract/schemas';
import type { Executor } from '../../lib/db.ts';
import { b2bTable, b2clTable, b2csTable, cdnrTable, cdnurTable, hsnTable } from './gstr1.ts';
import { invoiceRegister, salesRegister } from './registers.ts';
import { type PeriodDocument, documentsBetween, totalsBetween } from './repository.ts';
import { type Table, tableCsv, tableXlsx } from './table.ts';

export interface BooksFileBody {
  body: string | Buffer;
  contentType: string;
  fileName: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const TABLES: Record<string, (docs: readonly PeriodDocument[]) => Table> = {
  'gstr1-b2b': b2bTable,
  'gstr1-b2cl': b2clTable,
  'gstr1-b2cs': b2csTable,
  'gstr1-cdnr': cdnrTable,
  'gstr1-cdnur': cdnurTable,
  'gstr1-hsn-b2b': (docs) => hsnTable(docs, true),
  'gstr1-hsn-b2c': (docs) => hsnTable(docs, false),
  'invoice-register': invoiceRegister,
  'sales-register': salesRegister,
};

interface PaiseTotals {
  count: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  amountPaise: number;
}

const none: PaiseTotals = {
  count: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  amountPaise: 0,
};

/** Paise to the API's rupees; the sums are integers, so the division is the only rounding. */
const inRupees = (t: PaiseTotals): BooksDocumentTotals => ({
  count: t.count,
  taxable: t.taxablePaise / 100,
  cgst: t.cgstPaise / 100,
  sgst: t.sgstPaise / 100,
  igst: t.igstPaise / 100,
  amount: t.amountPaise / 100,
});

export function createBooksService({ db }: { db: Executor }) {
  return {
    async summary(period: BooksPeriod): Promise<BooksSummary> {
      const rows = await totalsBetween(db, period.from, period.to);
      const invoices = rows.find((r) => r.kind === 'invoice') ?? none;
      const notes = rows.find((r) => r.kind === 'credit_note') ?? none;
      const net: PaiseTotals = {
        count: invoices.count + notes.count,
        taxablePaise: invoices.taxablePaise - notes.taxablePaise,
        cgstPaise: invoices.cgstPaise - notes.cgstPaise,
        sgstPaise: invoices.sgstPaise - notes.sgstPaise,
        igstPaise: invoices.igstPaise - notes.igstPaise,
        amountPaise: invoices.amountPaise - notes.amountPaise,
      };
      return {
        success: true,
        period: { from: period.from, to: period.to },
        invoices: inRupees(invoices),
        creditNotes: inRupees(notes),
        net: inRupees(net),
      };
    },

    async file(file: BooksFile, period: BooksPeriod): Promise<BooksFileBody> {
      const [name, extension] = file.split('.') as [string, 'csv' | 'xlsx'];
      const build = TABLES[name];
      if (!build) throw new RangeError(`no table ${name}`);
      const table = build(await documentsBetween(db, period.from, period.to));
      const fileName = booksFileName(file, period);
      if (extension === 'xlsx') return { body: await tableXlsx(table), contentType: XLSX_TYPE, fileName };
      // The registers are read in spreadsheets, which need the byte order mark for names in Hindi; the GSTR-1
      // files are read by the offline tool.
      const bom = !name.startsWith('gstr1-');
      return { body: tableCsv(table, { bom }), contentType: 'text/csv; charset=utf-8', fileName };
    },
  };
}
export type BooksService = ReturnType<typeof createBooksService>;
