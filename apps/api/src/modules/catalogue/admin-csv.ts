// The back office's product CSV (docs/admin.md#csv-import-and-export): the catalogue out as one row per variant,
// and a file of such rows in, checked whole and then written all at once or not at all.
import { SIZES } from '@rangrez/contract/rules';
import {
  type AdminCsvImportReport,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_FIELD_COLUMNS,
  type ProductCsvColumn,
} from '@rangrez/contract/schemas';
import type { Readable } from 'node:stream';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { AuditedChange } from '../audit/index.ts';
import { PRODUCT_COLUMNS } from './admin-csv-columns.ts';
import { csvStream, guardFormula, readProductCsv, yesNo } from './admin-csv-format.ts';
import { CSV_IMPORT_MESSAGES, applyPlan, planImport, reportOf } from './admin-csv-import.ts';
import {
  type CsvProductRecord,
  type CsvVariantRecord,
  listProductsForExport,
  listVariantsForExport,
} from './admin-csv-repository.ts';

export interface AdminCsvOptions {
  db: Db;
  clock: Clock;
}

/** Runs the import's writes in the request's audited transaction (plugins/admin.ts changeAudited). */
export type InAuditedChange = <T>(fn: (c: AuditedChange) => Promise<T>) => Promise<T>;

// ---------------------------------------------------------------- export

/** Variants in the order the product shows them: its colours' order, then XS to XXXL. */
function showOrder(colours: string[]) {
  const colourRank = (color: string) => {
    const index = colours.indexOf(color);
    return index === -1 ? colours.length : index;
  };
  return (a: CsvVariantRecord, b: CsvVariantRecord) =>
    colourRank(a.color) - colourRank(b.color) ||
    a.color.localeCompare(b.color) ||
    SIZES.indexOf(a.size as never) - SIZES.indexOf(b.size as never);
}

const NO_PRODUCT_FIELDS = Object.fromEntries(
  PRODUCT_CSV_FIELD_COLUMNS.map((column) => [column, '']),
) as Record<(typeof PRODUCT_CSV_FIELD_COLUMNS)[number], string>;
const NO_VARIANT = { color: '', size: '', stock: '', fulfilment_sku: '', sellable: '' };

/**
 * The product's rows: its fields on the first, its handle alone on the others (the import reads a product's fields
 * from the first row that has them). A field is then one cell to edit, and a catalogue of 10,000 products with
 * long descriptions makes a file several times smaller than with the fields on every row.
 */
function productRows(p: CsvProductRecord, variants: CsvVariantRecord[]): string[][] {
  const fields = Object.fromEntries(
    PRODUCT_CSV_FIELD_COLUMNS.map((column) => [column, PRODUCT_COLUMNS[column].write(p)]),
  ) as typeof NO_PRODUCT_FIELDS;
  // A product without variants still gets its row, so the export lists the whole catalogue.
  const cells: Record<ProductCsvColumn, string>[] =
    variants.length === 0
      ? [{ handle: p.slug, ...fields, ...NO_VARIANT }]
      : [...variants].sort(showOrder(p.colors)).map((v, index) => ({
          handle: p.slug,
          ...(index === 0 ? fields : NO_PRODUCT_FIELDS),
          color: guardFormula(v.color),
          size: v.size,
          stock: String(v.stock),
          fulfilment_sku: guardFormula(v.fulfilmentSku),
          sellable: yesNo(v.sellable),
        }));
  return cells.map((row) => PRODUCT_CSV_COLUMNS.map((column) => row[column]));
}

/**
 * Every product that is not archived, one row per variant. Both reads see one snapshot, and end before the
 * first byte is sent: a slow download holds no database connection while the rows are written out.
 */
async function exportCsv(db: Db): Promise<Readable> {
  const { products, variants } = await db.transaction(
    async (tx) => ({ products: await listProductsForExport(tx), variants: await listVariantsForExport(tx) }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const byProduct = new Map<string, CsvVariantRecord[]>();
  for (const v of variants) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  function* rows(): Generator<readonly string[]> {
    yield PRODUCT_CSV_COLUMNS;
    for (const p of products) yield* productRows(p, byProduct.get(p.id) ?? []);
  }
  return csvStream(rows());
}

// ---------------------------------------------------------------- import

/** A real import found errors: the transaction rolls back, and the report goes out as a 400. */
class ImportRejected extends Error {
  constructor(readonly report: AdminCsvImportReport) {
    super(CSV_IMPORT_MESSAGES.rejected);
  }
}

export interface ImportOutcome {
  status: 200 | 400;
  report: AdminCsvImportReport;
}

/**
 * Reads the whole file first. A dry run checks it against one snapshot of the store and writes nothing; a real
 * import checks it again inside its transaction, with the matched products locked, and writes only if there is no
 * error at all.
 */
async function importCsv(
  opts: AdminCsvOptions,
  text: string,
  dryRun: boolean,
  inChange: InAuditedChange,
): Promise<ImportOutcome> {
  const file = readProductCsv(text);
  if (!file.ok) {
    const none = { create: 0, update: 0 };
    const errors = [{ row: file.row, column: null, message: file.message }];
    const report = {
      dryRun,
      rows: 0,
      products: none,
      variants: none,
      errors,
      ignoredColumns: file.ignoredColumns,
    };
    return { status: dryRun ? 200 : 400, report };
  }
  const now = opts.clock.now();
  if (dryRun) {
    const plan = await opts.db.transaction((tx) => planImport(tx, file, false, now), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    return { status: 200, report: reportOf(plan, true) };
  }
  try {
    const report = await inChange(async (c) => {
      const plan = await planImport(c.tx, file, true, now);
      const checked = reportOf(plan, false);
      if (checked.errors.length > 0) throw new ImportRejected(checked);
      await applyPlan(c, plan, checked, now);
      return checked;
    });
    return { status: 200, report };
  } catch (err) {
    if (err instanceof ImportRejected) return { status: 400, report: err.report };
    throw err;
  }
}

export function createAdminCsvService(opts: AdminCsvOptions) {
  return {
    exportCsv: () => exportCsv(opts.db),
    importCsv: (text: string, dryRun: boolean, inChange: InAuditedChange) =>
      importCsv(opts, text, dryRun, inChange),
    /** The export's file name, dated by the store's clock. */
    fileName: () => `rangrez-products-${opts.clock.now().toISOString().slice(0, 10)}.csv`,
  };
}
export type AdminCsvService = ReturnType<typeof createAdminCsvService>;
