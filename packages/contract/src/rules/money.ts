// Money: the server and the database count integer paise; the API speaks whole rupees.
// Floats never carry money: conversions refuse anything that is not a safe integer.

export const PAISE_PER_RUPEE = 100;

/** Whole rupees -> integer paise. Throws a RangeError for fractions, NaN, infinities or unsafe results. */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isSafeInteger(rupees)) {
    throw new RangeError(`rupeesToPaise expects whole rupees as a safe integer, got ${rupees}`);
  }
  const paise = rupees * PAISE_PER_RUPEE;
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(`rupeesToPaise result is not a safe integer for ${rupees}`);
  }
  return paise;
}

/**
 * Integer paise -> rupees. Throws a RangeError unless paise is a safe integer. The result is a whole number
 * whenever paise is a multiple of 100; otherwise it carries exactly the two decimals (12345 -> 123.45).
 */
export function paiseToRupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(`paiseToRupees expects integer paise as a safe integer, got ${paise}`);
  }
  return paise / PAISE_PER_RUPEE;
}

/** The amount handed to the payment provider is in paise (x100). */
export function paymentAmountPaise(totalRupees: number): number {
  return rupeesToPaise(totalRupees);
}

let indianGrouping: Intl.NumberFormat | undefined;

/** Groups whole rupees the Indian way: last three digits, then pairs (1234567 -> "12,34,567"). */
function groupIndian(whole: number): string {
  // Built on first use rather than at import, so loading the module does no work.
  indianGrouping ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
  return indianGrouping.format(whole);
}

/**
 * Formats a rupee amount with the rupee sign and Indian digit grouping: 123456 -> "₹1,23,456".
 * Whole rupees show no decimals; any fraction is rounded to paise and shown with two decimals
 * (1234.5 -> "₹1,234.50"). Negative amounts get a leading minus ("-₹50"). The sign, the rupee symbol and the
 * decimals are written here rather than by Intl's currency style, whose symbol spacing and decimals differ
 * between ICU versions; only the grouping is Intl's.
 */
export function formatINR(rupees: number): string {
  if (!Number.isFinite(rupees)) throw new RangeError(`formatINR expects a finite number, got ${rupees}`);
  const totalPaise = Math.round(Math.abs(rupees) * PAISE_PER_RUPEE);
  const sign = rupees < 0 && totalPaise !== 0 ? '-' : '';
  const whole = Math.floor(totalPaise / PAISE_PER_RUPEE);
  const fraction = totalPaise % PAISE_PER_RUPEE;
  const decimals = fraction === 0 ? '' : `.${String(fraction).padStart(2, '0')}`;
  return `${sign}₹${groupIndian(whole)}${decimals}`;
}
