// The back office's product CSV (docs/admin.md#csv-import-and-export): one row per variant, the product's fields
// on its first row. The columns are named here so the admin app can show and check them without asking the
// server; the values are checked by the server with the same schemas as the product calls.

import { z } from 'zod';
import { errorResponseSchema } from '../errors.ts';

/**
 * The columns that hold a product's own fields: every field of `PATCH /admin/products/{id}` but the slug (the
 * handle, which finds the product) and archiving. The export writes them on the product's first row only. The MRP
 * rule takes two: `mrp_rule` (markup, fixed or none; blank is markup) and `mrp_value` (the markup in rupees, blank
 * for ₹300, or the declared MRP; blank for none). They go together: a file with one must have the other.
 */
export const PRODUCT_CSV_FIELD_COLUMNS = [
  'name',
  'sku',
  'price',
  'mrp_rule',
  'mrp_value',
  'category',
  'group',
  'garment_type',
  'hsn_code',
  'tags',
  'published',
  'description',
  'details',
  'add_info',
  'seo_title',
  'seo_description',
] as const;

/** The export's columns, in its order. An import reads them by name, in any order and any case. */
export const PRODUCT_CSV_COLUMNS = [
  'handle',
  ...PRODUCT_CSV_FIELD_COLUMNS,
  'color',
  'size',
  'stock',
  'fulfilment_sku',
  'sellable',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/**
 * What an import cannot do without: a product is matched by handle, a variant by handle, colour and size, and a
 * new product needs a name, SKU, price and category. An absent optional column leaves its field as it is.
 */
export const PRODUCT_CSV_REQUIRED_COLUMNS = [
  'handle',
  'name',
  'sku',
  'price',
  'category',
  'color',
  'size',
  'stock',
] as const satisfies readonly ProductCsvColumn[];

/**
 * The largest file an import takes (bytes of the request body): the export of 10,000 products x 10 variants with
 * full copy is about 11 MB, so this leaves room for two to three times that (docs/admin.md#csv-import-and-export).
 */
export const PRODUCT_CSV_MAX_BYTES = 32 * 1024 * 1024;

/** POST /admin/products/import?dryRun=true|false: said every time, so a check is never taken for an import. */
export const adminCsvImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .transform((value) => value === 'true'),
});

/** A problem with the file: `row` as a spreadsheet numbers it (the header is row 1), null for the whole file. */
export const csvImportErrorSchema = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type CsvImportError = z.infer<typeof csvImportErrorSchema>;

const countsSchema = z.object({ create: z.number().int(), update: z.number().int() });

/**
 * What an import does (or would do, on a dry run): products and variants it creates and updates, and every error.
 * `rows` counts the file's product rows, the total a progress bar over the rows can use.
 */
const csvImportReportShape = {
  dryRun: z.boolean(),
  rows: z.number().int(),
  products: countsSchema,
  variants: countsSchema,
  errors: z.array(csvImportErrorSchema),
  /** Columns the import does not know; their cells are not read. */
  ignoredColumns: z.array(z.string()),
};
export const adminCsvImportReportSchema = z.object(csvImportReportShape);
export type AdminCsvImportReport = z.infer<typeof adminCsvImportReportSchema>;

/**
 * A real import of a file with errors writes nothing and answers 400 with the same report. Other 400s of the
 * call (no dryRun, a body that is not text) carry only the message.
 */
export const adminCsvImportRejectedSchema = errorResponseSchema.extend(
  z.object(csvImportReportShape).partial().shape,
);
