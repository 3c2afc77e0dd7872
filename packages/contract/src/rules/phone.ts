// Indian mobile numbers in one normal form: the 10-digit national number (docs/accounts.md#phone-numbers).
// The server stores and answers this form wherever a shopper gives a phone (sign-up, profile, checkout); the web
// inputs use the same rule while typing, so what a field shows is what the server will keep.
import { INDIAN_MOBILE_PATTERN } from './patterns.ts';

/** What a number may be written with around its digits: spaces, hyphens, dots and parentheses. */
const SEPARATORS = /[\s\-().]/g;
/** Prefixes that may stand before a national number: the country code with or without '+', or the trunk 0. */
const PREFIXES = ['+91', '91', '0'] as const;

/**
 * The 10-digit national number of an Indian mobile ('+91 98765-43210' -> '9876543210'), or null when `input` is
 * not one. A prefix is dropped only when what remains is a valid mobile, so '9198765432' stays as it is.
 */
export function normaliseIndianMobile(input: string): string | null {
  const compact = input.replace(SEPARATORS, '');
  if (INDIAN_MOBILE_PATTERN.test(compact)) return compact;
  for (const prefix of PREFIXES) {
    if (!compact.startsWith(prefix)) continue;
    const rest = compact.slice(prefix.length);
    if (INDIAN_MOBILE_PATTERN.test(rest)) return rest;
  }
  return null;
}

/** The national number when `input` is an Indian mobile, else `input` trimmed (another country's number). */
export function normalisePhoneForStorage(input: string): string {
  return normaliseIndianMobile(input) ?? input.trim();
}

/**
 * A phone input's value: non-digits removed first, then capped at 10 (docs/product/rules.md#checkout-fields).
 * Before capping, a leading '91' or '0' is dropped when exactly a valid mobile remains, so a pasted
 * '+91 98765 43210' or '098765 43210' gives '9876543210' rather than a wrong number.
 */
export function stripPhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (digits.length <= 10) return digits;
  return (normaliseIndianMobile(digits) ?? digits).slice(0, 10);
}

/** A PIN code input's value: non-digits removed first, then capped at 6 ('0a1234567' -> '012345'). */
export function stripPincodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 6);
}
