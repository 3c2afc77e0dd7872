// Checkout field rules (docs/product/rules.md#checkout-fields) as pure functions returning the message or
// null, and the input strippers the form applies while typing. The order schema reuses these functions.

import { isEmailAddress, PERSON_NAME_PATTERN, PIN_CODE_PATTERN, PLACE_NAME_PATTERN } from './patterns.ts';
import { normaliseIndianMobile } from './phone.ts';
import { normaliseStateName } from './states.ts';
import {
  CHECKOUT_FIELD_LABELS,
  CHECKOUT_MESSAGES,
  requiredMessage,
  type CheckoutField,
} from './checkout-messages.ts';

const required = (field: CheckoutField): string => requiredMessage(CHECKOUT_FIELD_LABELS[field]);

export function validateFirstName(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return required('firstName');
  return PERSON_NAME_PATTERN.test(trimmed) ? null : CHECKOUT_MESSAGES.firstNameLength;
}

export function validateLastName(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return required('lastName');
  return PERSON_NAME_PATTERN.test(trimmed) ? null : CHECKOUT_MESSAGES.lastNameLength;
}

export function validateCheckoutEmail(value: string): string | null {
  if (value.trim() === '') return required('email');
  return isEmailAddress(value) ? null : CHECKOUT_MESSAGES.emailInvalid;
}

/** 10 digits starting 6-9, written with or without separators and a leading +91, 91 or 0 (rules/phone.ts). */
export function validateCheckoutPhone(value: string): string | null {
  if (value.trim() === '') return required('phone');
  return normaliseIndianMobile(value) === null ? CHECKOUT_MESSAGES.phoneInvalid : null;
}

export function validateDoorNo(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return required('doorNo');
  return trimmed.length <= 20 ? null : CHECKOUT_MESSAGES.doorNoLength;
}

export function validateAddress(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return required('address');
  return trimmed.length >= 5 && trimmed.length <= 200 ? null : CHECKOUT_MESSAGES.addressLength;
}

export function validateCity(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return required('city');
  return PLACE_NAME_PATTERN.test(trimmed) ? null : CHECKOUT_MESSAGES.cityInvalid;
}

/** One of the 28 states or 8 union territories (any spelling normaliseStateName accepts). */
export function validateState(value: string): string | null {
  if (value.trim() === '') return required('state');
  return normaliseStateName(value) ? null : CHECKOUT_MESSAGES.stateInvalid;
}

export function validatePincode(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return required('pincode');
  return PIN_CODE_PATTERN.test(trimmed) ? null : CHECKOUT_MESSAGES.pincodeInvalid;
}

export function validateCountry(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return required('country');
  return PLACE_NAME_PATTERN.test(trimmed) ? null : CHECKOUT_MESSAGES.countryInvalid;
}

export const CHECKOUT_VALIDATORS: Record<CheckoutField, (value: string) => string | null> = {
  firstName: validateFirstName,
  lastName: validateLastName,
  email: validateCheckoutEmail,
  phone: validateCheckoutPhone,
  doorNo: validateDoorNo,
  address: validateAddress,
  city: validateCity,
  state: validateState,
  pincode: validatePincode,
  country: validateCountry,
};

export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** Validates the fields present in `values` (the order body has no country; the form does). */
export function validateCheckoutForm(values: Partial<Record<CheckoutField, string>>): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const field of Object.keys(CHECKOUT_VALIDATORS) as CheckoutField[]) {
    const value = values[field];
    if (value === undefined) continue;
    const message = CHECKOUT_VALIDATORS[field](value);
    if (message) errors[field] = message;
  }
  return errors;
}

/** City, state and country inputs: letters and spaces only. */
export function stripLettersAndSpaces(raw: string): string {
  return raw.replace(/[^\p{L}\p{M} ]/gu, '');
}

export const stripCityInput = stripLettersAndSpaces;
export const stripStateInput = stripLettersAndSpaces;
export const stripCountryInput = stripLettersAndSpaces;
