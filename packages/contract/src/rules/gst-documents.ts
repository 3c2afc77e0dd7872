// Numbers and words on tax invoices and credit notes (docs/gst.md#numbers): the financial year, the document
// number, and an amount written out in the Indian way.

/** The financial year (1 April to 31 March) of an India date, YYYY-MM-DD: its first year and its label ('25-26'). */
export function financialYear(indiaDate: string): { startYear: number; label: string } {
  const year = Number(indiaDate.slice(0, 4));
  const month = Number(indiaDate.slice(5, 7));
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`not a date: ${indiaDate}`);
  }
  const startYear = month >= 4 ? year : year - 1;
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return { startYear, label: `${two(startYear)}-${two(startYear + 1)}` };
}

/** Letters, digits, '-' and '/', at most 16 characters: what a GST document number may be. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

/** A series prefix: letters and digits, short enough that prefix/YY-YY/NNNNNN fits 16 characters. */
export const DOCUMENT_PREFIX_PATTERN = /^[A-Za-z0-9]{1,3}$/;

/**
 * The number of the `sequence`-th document of a series in a financial year: `RZ/25-26/000123`. Sequences are
 * padded to six digits; a number that would pass 16 characters is refused rather than cut.
 */
export function documentNumber(prefix: string, fyLabel: string, sequence: number): string {
  if (!DOCUMENT_PREFIX_PATTERN.test(prefix)) throw new RangeError(`bad document prefix ${prefix}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`bad sequence ${sequence}`);
  const number = `${prefix}/${fyLabel}/${String(sequence).padStart(6, '0')}`;
  if (!DOCUMENT_NUMBER_PATTERN.test(number)) throw new RangeError(`document number too long: ${number}`);
  return number;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [];
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** Whole numbers in the Indian system: crore, lakh, thousand, hundred (1,23,45,678 -> One Crore Twenty-Three ...). */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`bad number ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  const parts = [];
  if (crore) parts.push(`${indianNumberInWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An invoice total in words: 'Rupees One Thousand Two Hundred Ninety-Nine and Fifty Paise Only'. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`bad amount ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const paiseWords = rest ? ` and ${belowHundred(rest)} Paise` : '';
  return `Rupees ${indianNumberInWords(rupees)}${paiseWords} Only`;
}
