// The product CSV's text (docs/admin.md#csv-import-and-export): reading a file into cells by column, and the
// cells' own notations (rupees with a sign and grouping, yes/no, lists in one cell, the spreadsheet formula
// guard). What the values must be is the contract's schemas' business, not this file's.
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED_COLUMNS,
  type ProductCsvColumn,
} from '@rangrez/contract/schemas';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { Readable, pipeline } from 'node:stream';

export const CSV_FILE_MESSAGES = {
  empty: 'The file is empty',
  noRows: 'The file has a header but no product rows',
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8 (comma delimited)"',
  missingColumns: (columns: string[]) => `Missing required columns: ${columns.join(', ')}`,
  repeatedColumn: (column: string) => `The column ${column} appears more than once`,
  pairedColumn: (present: string, missing: string) => `The column ${present} needs the column ${missing} too`,
  fieldCount: (got: number, expected: number, separator: string) =>
    `This row has ${got} fields and the header ${expected}: is a ${separator} missing its quotes?`,
} as const;

/** Other names spreadsheets and other shops' exports give our columns. */
const COLUMN_ALIASES: Record<string, ProductCsvColumn> = {
  colour: 'color',
  fulfillment_sku: 'fulfilment_sku',
  hsn: 'hsn_code',
  slug: 'handle',
};

const KNOWN = new Set<string>(PRODUCT_CSV_COLUMNS);

/** Columns that only mean something together: the MRP rule's kind and amount. */
const PAIRED_COLUMNS: readonly (readonly [ProductCsvColumn, ProductCsvColumn])[] = [
  ['mrp_rule', 'mrp_value'],
];

/** 'Name', ' PRICE ', 'Fulfilment SKU' and 'fulfilment-sku' all name one column. */
function columnOf(header: string): string {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return COLUMN_ALIASES[name] ?? name;
}

/** One data row: its number as a spreadsheet shows it (the header is row 1) and its cells by column. */
export interface CsvRecord {
  row: number;
  cells: Partial<Record<ProductCsvColumn, string>>;
}

export type ReadCsv =
  | {
      ok: true;
      records: CsvRecord[];
      columns: ReadonlySet<ProductCsvColumn>;
      ignoredColumns: string[];
      /** Rows whose number of fields differs from the header's. */
      rowErrors: { row: number; message: string }[];
    }
  | { ok: false; row: number | null; message: string; ignoredColumns: string[] };

type Unreadable = Extract<ReadCsv, { ok: false }>;

function unreadable(message: string, row: number | null = null, ignoredColumns: string[] = []): Unreadable {
  return { ok: false, row, message, ignoredColumns };
}

/** The parser's complaint in words a person fixing the file can act on, on the row it could not finish. */
function syntaxError(err: CsvError): Unreadable {
  const { records } = err as CsvError & { records?: number };
  const row = typeof records === 'number' ? records + 1 : null;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return unreadable('A quoted field is never closed', row);
  if (err.code === 'CSV_INVALID_CLOSING_QUOTE')
    return unreadable(
      'A quoted field has text after its closing quote (write a quote inside quotes as "")',
      row,
    );
  return unreadable('The file is not valid CSV', row);
}

/**
 * The field separators a file may use: a comma; a semicolon, which Excel writes where the decimal separator is a
 * comma (much of Europe); a tab, which other tools and a copy out of a spreadsheet write.
 */
const DELIMITERS = [',', ';', '\t'] as const;
const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/**
 * The separator of the header line: the one it holds most often outside quotes, a comma when it holds none (a
 * one-column file) or on a tie. Only the header is read: the data rows' free text (a description with commas in a
 * semicolon file) does not vote.
 */
function detectDelimiter(text: string): string {
  const counts = [0, 0, 0];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '\n' || ch === '\r') break;
    else {
      const index = DELIMITERS.indexOf(ch as (typeof DELIMITERS)[number]);
      if (index !== -1) counts[index] = (counts[index] ?? 0) + 1;
    }
  }
  let best = 0;
  for (const [index, count] of counts.entries()) if (count > (counts[best] ?? 0)) best = index;
  return DELIMITERS[best] ?? ',';
}

function parseRows(text: string, delimiter: string): string[][] | Unreadable {
  try {
    // Blank lines are kept (and skipped below) so that record numbers stay the rows a spreadsheet shows;
    // quotes inside an unquoted field ('5" print') are taken as text, as spreadsheets write them.
    return parse(text, {
      bom: true,
      delimiter,
      relax_quotes: true,
      relax_column_count: true,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) return syntaxError(err);
    throw err;
  }
}

/** The header's columns by position, or what is wrong with it. */
function readHeader(header: string[]) {
  const positions = new Map<ProductCsvColumn, number>();
  const ignoredColumns: string[] = [];
  for (const [index, cell] of header.entries()) {
    const column = columnOf(cell);
    if (!KNOWN.has(column)) {
      if (cell.trim()) ignoredColumns.push(cell.trim());
      continue;
    }
    if (positions.has(column as ProductCsvColumn))
      return { positions, ignoredColumns, message: CSV_FILE_MESSAGES.repeatedColumn(column) };
    positions.set(column as ProductCsvColumn, index);
  }
  const missing = PRODUCT_CSV_REQUIRED_COLUMNS.filter((c) => !positions.has(c));
  if (missing.length > 0)
    return { positions, ignoredColumns, message: CSV_FILE_MESSAGES.missingColumns(missing) };
  for (const [a, b] of PAIRED_COLUMNS) {
    if (positions.has(a) !== positions.has(b)) {
      const [present, absent] = positions.has(a) ? [a, b] : [b, a];
      return { positions, ignoredColumns, message: CSV_FILE_MESSAGES.pairedColumn(present, absent) };
    }
  }
  return { positions, ignoredColumns, message: undefined };
}

/**
 * Reads a file's rows into cells by column name: comma, semicolon or tab separated, headers in any order and
 * case, a byte order mark, quoted fields with separators, quotes and line breaks. File-level problems (not UTF-8,
 * not CSV, empty, required columns missing) come back as the one message; rows that are entirely blank are
 * skipped.
 */
export function readProductCsv(text: string): ReadCsv {
  // A file saved in a legacy code page (Excel's plain "CSV") decodes with replacement characters.
  if (text.includes('\uFFFD')) return unreadable(CSV_FILE_MESSAGES.notUtf8);
  if (text.replace(/^\uFEFF/, '').trim() === '') return unreadable(CSV_FILE_MESSAGES.empty);
  const delimiter = detectDelimiter(text);
  const rows = parseRows(text, delimiter);
  if (!Array.isArray(rows)) return rows;
  const { positions, ignoredColumns, message } = readHeader(rows[0] ?? []);
  if (message) return unreadable(message, null, ignoredColumns);
  const records: CsvRecord[] = [];
  const rowErrors: { row: number; message: string }[] = [];
  const width = rows[0]?.length ?? 0;
  for (const [index, fields] of rows.entries()) {
    if (index === 0 || fields.every((f) => f.trim() === '')) continue;
    const row = index + 1;
    if (fields.length !== width)
      rowErrors.push({
        row,
        message: CSV_FILE_MESSAGES.fieldCount(fields.length, width, DELIMITER_NAMES[delimiter] ?? delimiter),
      });
    const cells: CsvRecord['cells'] = {};
    for (const [column, position] of positions) cells[column] = fields[position] ?? '';
    records.push({ row, cells });
  }
  if (records.length === 0) return unreadable(CSV_FILE_MESSAGES.noRows, null, ignoredColumns);
  return { ok: true, records, columns: new Set(positions.keys()), ignoredColumns, rowErrors };
}

// ---------------------------------------------------------------- cell notations

/**
 * Whole numbers as people type them: '1299', '1,299', '1,299.00', Indian grouping '1,00,000'. Anything that does
 * not read as a number comes back as it was, for the schema to refuse with its own message; '12.50' reads as
 * 12.5, which the schema refuses as not whole.
 */
function readNumber(text: string): number | string {
  const t = text.trim();
  if (/^-?(?:\d+|\d{1,3}(?:,\d{2,3})+)(?:\.\d+)?$/.test(t)) return Number(t.replace(/,/g, ''));
  return text;
}

/** Rupees: a number, optionally after '₹', 'Rs.' or 'INR'. */
export function readRupees(text: string): number | string {
  const t = text.trim().replace(/^(?:₹|rs\.?|inr)\s*/i, '');
  const value = readNumber(t);
  return typeof value === 'number' ? value : text;
}

export const readWholeNumber = readNumber;

/** yes/no (also true/false, y/n, 1/0): undefined when blank, null when it is something else. */
export function readYesNo(text: string): boolean | undefined | null {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  if (['yes', 'y', 'true', '1'].includes(t)) return true;
  if (['no', 'n', 'false', '0'].includes(t)) return false;
  return null;
}

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Tags in one cell, comma-separated; details in one cell, separated by '|'. Blank entries are dropped. */
export const TAG_SEPARATOR = ',';
export const DETAIL_SEPARATOR = ' | ';

export function readList(text: string, separator: string): string[] {
  return text
    .split(separator.trim())
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula, which a product
 * name typed by one editor could use against whoever opens the export. Such text is written with a leading
 * apostrophe, and the import takes one apostrophe off again, so the value comes back unchanged (text that already
 * starts with apostrophes before such a character gets one more, for the same reason).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export const guardFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
export const unguardFormula = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

// ---------------------------------------------------------------- writing

/**
 * Rows to RFC 4180 CSV, generated as the response is sent: a byte order mark first, so Excel reads UTF-8 (Hindi
 * and emoji included), CRLF between rows, and quotes around every field holding a comma, a quote or a line break
 * (csv-stringify quotes the other two on its own, but not a bare line break inside a field). The line breaks are
 * matched as two strings rather than one pattern: over 2,000,000 fields that is a second less.
 */
export function csvStream(rows: Iterable<readonly string[]>): Readable {
  const csv = stringify({ bom: true, record_delimiter: 'windows', quoted_match: ['\r', '\n'] });
  // pipeline() destroys the output with the source's error, so a failure ends the response instead of stalling it.
  return pipeline(Readable.from(rows, { objectMode: true }), csv, () => undefined);
}
