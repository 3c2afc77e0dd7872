// Why a code does not apply, word for word (docs/promotions.md#refusals). Split from the rules so a page that only
// shows a refusal does not load the evaluation.

import { formatINR, paiseToRupees } from './money.ts';

/** A code as stored: upper-case letters, digits, - and _ (a shopper may type it in any case). */
export const PROMOTION_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** Apart, so a schema that only checks a code's shape does not carry every message. */
export const INVALID_CODE_MESSAGE = 'Invalid code.';

export const PROMOTION_MESSAGES = {
  expired: 'This code has expired.',
  notYetValid: 'This code is not valid yet.',
  prepaidOnly: 'This code is valid on prepaid orders only.',
  firstOrderOnly: 'This code is for your first order only.',
  alreadyUsed: 'This code has already been used.',
  notApplicable: 'This code does not apply to the items in your cart.',
  invalid: INVALID_CODE_MESSAGE,
} as const;

/** 'Add ₹{n} more to use this code.', n being what the cart lacks to reach the minimum subtotal. */
export function addMoreMessage(missingPaise: number): string {
  return `Add ${formatINR(paiseToRupees(missingPaise))} more to use this code.`;
}
