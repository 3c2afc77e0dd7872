// Validation messages of spec §5, word for word. Forms, API schemas and tests use these constants.

import { MAX_LINE_QUANTITY } from './constants.ts';

/** `${Label} is required`, the checkout form's message for an empty field. */
export function requiredMessage(label: string): string {
  return `${label} is required`;
}

export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  /** The login call needs both fields non-blank. */
  credentialsRequired: 'Email and password are required',
} as const;

export const SIGNUP_MESSAGES = {
  /** The signup call needs all five fields non-blank. */
  allFieldsRequired: 'All fields are required',
  passwordWeak: 'Password must be stronger',
  phoneInvalid: 'Please enter a valid phone number',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  phoneRequired: 'Phone number is required',
} as const;

/** Labels used in `${Label} is required` on the checkout form. */
export const CHECKOUT_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone number',
  doorNo: 'Door number',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'PIN code',
  country: 'Country',
} as const;
export type CheckoutField = keyof typeof CHECKOUT_FIELD_LABELS;

export const CHECKOUT_MESSAGES = {
  firstNameLength: 'First name should be 2-30 characters long',
  lastNameLength: 'Last name should be 2-30 characters long',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid 10-digit Indian mobile number',
  doorNoLength: 'Door number should be 1-20 characters long',
  addressLength: 'Address should be 5-200 characters long',
  cityInvalid: 'City should contain only letters and be 2-50 characters long',
  /** Not in the spec's words: states and union territories come from a select. */
  stateInvalid: 'Please select a valid state or union territory',
  pincodeInvalid: 'Please enter a valid 6-digit PIN code',
  /** Not in the spec's words: same style as the city message. */
  countryInvalid: 'Country should contain only letters and be 2-50 characters long',
  formHasErrors: 'Please fix the errors in the form before submitting.',
  cartEmpty: 'Your cart is empty. Please add items before placing an order.',
  loginRequired: 'Please log in to place an order.',
  statePlaceholder: 'Select State',
} as const;

export const PROFILE_MESSAGES = {
  namesRequired: 'First name and last name are required',
  avatarInvalid: 'Please enter a valid avatar URL',
  noValidUpdates: 'No valid updates provided',
  noAuthenticatedUser: 'No authenticated user',
  userIdRequired: 'User ID is required',
  authenticationRequired: 'Authentication required',
  updated: 'Profile updated successfully!',
  loginToView: 'Please Log In to View Profile',
} as const;

export const PRODUCT_MESSAGES = {
  selectSize: 'Please select a size.',
  selectColor: 'Please select a color.',
} as const;

/** Cart quantity rules (spec §5): minimum 1; empty or 0 entries are ignored by the input (see cart-quantity.ts). */
export const CART_QUANTITY_MESSAGES = {
  /** Not in the spec's words: the API's answer to a quantity that is not a whole number from 1 to the cap. */
  quantityInvalid: `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`,
} as const;
