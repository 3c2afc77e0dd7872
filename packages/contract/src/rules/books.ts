// The accountant's exports (docs/gst.md#exports): which period a request names, and what it is told when the
// period is not one. A period is a month or an inclusive range of India dates, at most a year long.

export const BOOKS_MESSAGES = {
  periodRequired: 'Choose a month, or a range of dates with from and to',
  monthAndRange: 'Give either a month or a range of dates, not both',
  monthInvalid: 'month must be a month as YYYY-MM, such as 2026-11',
  fromInvalid: 'from must be a date as YYYY-MM-DD',
  toInvalid: 'to must be a date as YYYY-MM-DD',
  rangeHalf: 'A range of dates needs both from and to',
  rangeReversed: 'from must not be after to',
  rangeTooLong: 'A range of dates can span at most 366 days',
  unknownFile: 'No such export',
} as const;

/** The longest range the exports take, in days: a financial year, leap day included. */
export const BOOKS_MAX_RANGE_DAYS = 366;

/** An inclusive range of India dates, YYYY-MM-DD, and how file names call it. */
export interface BooksPeriod {
  from: string;
  to: string;
  /** `2026-11` for a month, `2026-11-01_2026-11-15` for a range. */
  label: string;
}

const DAY_MS = 86_400_000;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === value;
}

/** The first and last day of a month written YYYY-MM, or null when it is not one. */
function monthPeriod(month: string): BooksPeriod | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const m = Number(match[2]);
  if (m < 1 || m > 12) return null;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}`, label: month };
}

export interface BooksPeriodInput {
  month?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The period a request names, or the message saying why it names none. */
export function booksPeriod(input: BooksPeriodInput): BooksPeriod | { problem: string } {
  const { month, from, to } = input;
  if (month !== undefined && (from !== undefined || to !== undefined))
    return { problem: BOOKS_MESSAGES.monthAndRange };
  if (month !== undefined) return monthPeriod(month) ?? { problem: BOOKS_MESSAGES.monthInvalid };
  if (from === undefined && to === undefined) return { problem: BOOKS_MESSAGES.periodRequired };
  if (from === undefined || to === undefined) return { problem: BOOKS_MESSAGES.rangeHalf };
  if (!isCalendarDate(from)) return { problem: BOOKS_MESSAGES.fromInvalid };
  if (!isCalendarDate(to)) return { problem: BOOKS_MESSAGES.toInvalid };
  if (from > to) return { problem: BOOKS_MESSAGES.rangeReversed };
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > BOOKS_MAX_RANGE_DAYS) return { problem: BOOKS_MESSAGES.rangeTooLong };
  return { from, to, label: `${from}_${to}` };
}

/** The files of a period, as the API names them (GET /admin/books/{file}). */
export const BOOKS_FILES = [
  'gstr1-b2b.csv',
  'gstr1-b2cl.csv',
  'gstr1-b2cs.csv',
  'gstr1-cdnr.csv',
  'gstr1-cdnur.csv',
  'gstr1-hsn-b2b.csv',
  'gstr1-hsn-b2c.csv',
  'invoice-register.csv',
  'invoice-register.xlsx',
  'sales-register.csv',
  'sales-register.xlsx',
] as const;
export type BooksFile = (typeof BOOKS_FILES)[number];

/** The name a period's file is downloaded under: `rangrez-gstr1-b2cs-2026-11.csv`. */
export function booksFileName(file: BooksFile, period: BooksPeriod): string {
  const dot = file.lastIndexOf('.');
  return `rangrez-${file.slice(0, dot)}-${period.label}${file.slice(dot)}`;
}
