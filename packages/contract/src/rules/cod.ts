// Cash on delivery rules (docs/cod.md): who may pay cash for which order, the fee, and the exact messages. The
// server checks them at placement and the checkout shows the same answer before the shopper chooses.

import { formatINR, PAISE_PER_RUPEE } from './money.ts';
import { PIN_CODE_PATTERN } from './patterns.ts';
import { normaliseIndianMobile } from './phone.ts';
import { COD_FEE_RUPEES } from './shipping.ts';

/** The rules in paise and counts, as stored. */
export interface CodRulesValues {
  minOrderPaise: number;
  maxOrderPaise: number;
  maxOpenPerPhone: number;
  rtoBlockThreshold: number;
  feePaise: number;
}

/** The store's rules before the owner changes them (the open-orders limit: COD_MAX_OPEN_PER_PHONE, 2). */
export const DEFAULT_COD_RULES: CodRulesValues = {
  minOrderPaise: 0,
  maxOrderPaise: 50_000 * PAISE_PER_RUPEE,
  /** Open cash orders one phone may have on the way at once. */
  maxOpenPerPhone: 2,
  /** Cash orders returned to origin after which a phone and an account lose cash on delivery. */
  rtoBlockThreshold: 2,
  feePaise: COD_FEE_RUPEES * PAISE_PER_RUPEE,
};

/** The kinds of PIN rule: refused outright, or served only by India Post (which cannot carry cash orders). */
export const COD_PIN_KINDS = ['deny', 'india_post_only'] as const;
export type CodPinKind = (typeof COD_PIN_KINDS)[number];

/** Where a rule refusal comes from, for the checkout and the logs. */
export type CodRefusal = 'value' | 'pincode' | 'open-orders' | 'blocked';

export const COD_MESSAGES = {
  outsideValue: (minRupees: number, maxRupees: number) =>
    `Cash on Delivery is available for orders between ${formatINR(minRupees)} and ${formatINR(maxRupees)}.`,
  pincode: 'Cash on Delivery is not available for this PIN code.',
  openOrders: (n: number) =>
    `You have ${n} Cash on Delivery orders on the way. Please pay online for this one.`,
  blocked: 'Cash on Delivery is not available for your account. Please pay online.',
  available: 'Cash on Delivery is available.',
  // The back office's own (docs/cod.md#settings).
  saved: 'Cash on Delivery rules saved',
  minAboveMax: 'The minimum COD order value cannot be more than the maximum.',
  badPins: (pins: readonly string[]) =>
    `These are not valid PIN codes: ${pins.join(', ')}. A PIN code has 6 digits and does not start with 0.`,
  pinInBothLists: (pins: readonly string[]) => `A PIN code cannot be on both lists: ${pins.join(', ')}.`,
  blockNotFound: 'This block was not found or is already lifted.',
  blockLifted: 'Block lifted',
} as const;

/**
 * A phone number as one shopper's key: an Indian mobile as its 10-digit national number (normaliseIndianMobile:
 * '+91 98765-43210', '098765 43210' and '9876543210' are one phone); anything else as its digits, so it still
 * counts against itself.
 */
export function normaliseIndianPhone(raw: string): string {
  return normaliseIndianMobile(raw) ?? raw.replace(/\D/g, '');
}

/**
 * PIN codes pasted in bulk: one a line or separated by commas, semicolons or spaces; blanks ignored, duplicates
 * dropped, order kept. `invalid` lists what is not a PIN code, as typed.
 */
export function parsePinList(text: string): { pins: string[]; invalid: string[] } {
  const pins: string[] = [];
  const invalid: string[] = [];
  for (const token of text.split(/[\s,;]+/)) {
    if (token === '') continue;
    if (!PIN_CODE_PATTERN.test(token)) invalid.push(token);
    else if (!pins.includes(token)) pins.push(token);
  }
  return { pins, invalid };
}

/** What the shopper is told when the order's value is outside the owner's range, or null when inside. */
export function codValueRefusal(
  limits: Pick<CodRulesValues, 'minOrderPaise' | 'maxOrderPaise'>,
  valuePaise: number,
): string | null {
  if (valuePaise >= limits.minOrderPaise && valuePaise <= limits.maxOrderPaise) return null;
  return COD_MESSAGES.outsideValue(
    limits.minOrderPaise / PAISE_PER_RUPEE,
    limits.maxOrderPaise / PAISE_PER_RUPEE,
  );
}
