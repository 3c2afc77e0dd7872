// Catalogue pricing (docs/product/rules.md#mrp-and-discount): a fixed extra charge behind the crossed-out MRP.

import { PAISE_PER_RUPEE } from './money.ts';

/** Per-item extra charge shown as the difference between MRP and price. */
export const EXTRA_CHARGE_RUPEES = 300;
export const EXTRA_CHARGE_PAISE = EXTRA_CHARGE_RUPEES * PAISE_PER_RUPEE;

/** MRP in rupees: price + 300. */
export function mrp(price: number): number {
  return price + EXTRA_CHARGE_RUPEES;
}

/** MRP in paise: price + 30000. */
export function mrpPaise(pricePaise: number): number {
  return pricePaise + EXTRA_CHARGE_PAISE;
}

/**
 * "Save N%" on the product page: round(300 / (price + 300) * 100). Price 499 -> 38.
 * Returns 0 for a price that is negative or not a number (bad data must not render "Infinity%").
 */
export function savePercent(price: number): number {
  if (!Number.isFinite(price) || price < 0) return 0;
  return Math.round((EXTRA_CHARGE_RUPEES / (price + EXTRA_CHARGE_RUPEES)) * 100);
}

/** Same as savePercent for a price in paise (the ratio is unit-free). */
export function savePercentPaise(pricePaise: number): number {
  if (!Number.isFinite(pricePaise) || pricePaise < 0) return 0;
  return Math.round((EXTRA_CHARGE_PAISE / (pricePaise + EXTRA_CHARGE_PAISE)) * 100);
}
