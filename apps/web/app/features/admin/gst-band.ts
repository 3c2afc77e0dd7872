// The back office's warning for a price between the GST slabs (docs/gst.md#between-the-slabs): at such a price
// no rate is self-consistent and the store charges the high one, so the owner is told where the limits are.
import { apparelSlabOn, indiaDate, priceBand } from '@rangrez/contract/rules/gst';
import { formatINR } from '@rangrez/contract/rules/money';

/** The warning for one piece at `rupees` (tax included) on the India date `date`, or null when a rate fits. */
export function priceBandWarning(rupees: number, date: string = indiaDate(new Date())): string | null {
  if (!Number.isSafeInteger(rupees) || rupees < 1) return null;
  const slab = apparelSlabOn(date);
  if (priceBand(rupees * 100, 1, slab) !== 'between') return null;
  // The inclusive limits: the threshold plus each rate, in whole rupees for the slabs the store has known.
  const lowLimit = (slab.thresholdPaise * (10_000 + slab.lowBps)) / 10_000 / 100;
  const highLimit = (slab.thresholdPaise * (10_000 + slab.highBps)) / 10_000 / 100;
  return `No GST rate fits a price between ${formatINR(lowLimit)} and ${formatINR(highLimit)}: this one is taxed at ${slab.highBps / 100}%. Up to ${formatINR(lowLimit)} a piece is taxed at ${slab.lowBps / 100}%.`;
}
