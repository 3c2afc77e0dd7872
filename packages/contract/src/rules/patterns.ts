// Patterns shared by the form validators and the API schemas. Letters are Unicode letters (with their
// combining marks) so names such as 'José' pass; digits are ASCII.

/** Simple address pattern: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Indian mobile: 10 digits starting 6-9 (after removing spaces). */
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;
/** PIN code: 6 digits, first not 0. */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;
/** Checkout names: 2-30 letters, digits or spaces. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}0-9 ]{2,30}$/u;
/** City / country: 2-50 letters or spaces. */
export const PLACE_NAME_PATTERN = /^[\p{L}\p{M} ]{2,50}$/u;
/** Signup phone: only digits, spaces, hyphen, plus and parentheses. */
export const PHONE_CHARACTERS_PATTERN = /^[0-9\s\-+()]+$/;

/** A whole number written as text, spaces around allowed ("2", " 12 "): how quantities arrive from forms and JSON. */
export const WHOLE_NUMBER_TEXT_PATTERN = /^\s*\d+\s*$/;
/** A UUID as PostgreSQL writes it (any version), either case: every id the API hands out. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** What is wrong with an address typed into one of our own forms, in that form's words; null when nothing is. */
export function emailAddressProblem(
  value: string,
  messages: { emailRequired: string; emailInvalid: string },
): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return messages.emailRequired;
  return EMAIL_PATTERN.test(trimmed) ? null : messages.emailInvalid;
}
