// The exports' tables and their two file formats (docs/gst.md#exports). Money stays integer paise until it is
// written: as text with two decimals in a CSV, as a number with two decimals in a spreadsheet, so no floating-point
// sum ever decides a figure.
import { Buffer } from 'node:buffer';

/** An amount of money in a table. */
export interface Money {
  paise: number;
}
export type Cell = string | number | Money;

export interface Table {
  /** The worksheet's name in a workbook. */
  sheet: string;
  columns: readonly string[];
  rows: Cell[][];
}

/** An amount; a credit of nothing is 0, never -0. */
export const money = (paise: number): Money => ({ paise: paise === 0 ? 0 : paise });

const isMoney = (cell: Cell): cell is Money => typeof cell === 'object';

/** Paise as rupees with two decimals, `-` for a credit: 123456 -> `1234.56`. Integer arithmetic only. */
export function rupeesText(paise: number): string {
  const whole = Math.abs(paise);
  const rupees = Math.floor(whole / 100);
  return `${paise < 0 ? '-' : ''}${rupees}.${String(whole % 100).padStart(2, '0')}`;
}

/** A CSV cell: money with two decimals; text quoted when it must be, and a formula-looking text defused. */
function csvCell(cell: Cell): string {
  if (isMoney(cell)) return rupeesText(cell.paise);
  if (typeof cell === 'number') return String(cell);
  // A name typed by a shopper must not run as a formula in a spreadsheet.
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A table as CSV (RFC 4180, CRLF). `bom` adds the byte order mark spreadsheets need to read UTF-8; the GSTR-1
 * files go without one, as the offline tool reads its headers from the first bytes.
 */
export function tableCsv(table: Table, { bom }: { bom: boolean }): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvCell).join(','));
  return `${bom ? '\uFEFF' : ''}${lines.map((line) => `${line}\r\n`).join('')}`;
}

/** A table as an XLSX workbook of one sheet: a bold header row, money as numbers shown with two decimals. */
export async function tableXlsx(table: Table): Promise<Buffer> {
  // Loaded on the first spreadsheet asked for: the library is large and the API's start-up does not need it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Rangrez';
  const sheet = workbook.addWorksheet(table.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...table.columns]).font = { bold: true };
  for (const row of table.rows) {
    const added = sheet.addRow(row.map((cell) => (isMoney(cell) ? cell.paise / 100 : cell)));
    row.forEach((cell, i) => {
      if (isMoney(cell)) added.getCell(i + 1).numFmt = '0.00';
    });
  }
  sheet.columns.forEach((column, i) => {
    column.width = Math.max(10, Math.min(40, (table.columns[i]?.length ?? 0) + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
