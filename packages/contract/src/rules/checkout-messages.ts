// Messages of checkout: the form, PIN-code look-up and payment (docs/product/texts.md#checkout).
// Word for word; split by area so a page loads only the messages it shows. error-catalogue.ts and
// validation-messages.ts re-export them all.

export const PAYMENT_MESSAGES = {
  createOrderFailed: 'Failed to create order',
  razorpayScriptFailed: 'Failed to load Razorpay script',
  verificationFailed: 'Payment verification failed. Please contact support.',
  fallback: 'An error occurred. Please try again.',
  processing: 'Processing...',
  orderSuccessful: 'Order Successful!',
} as const;

export const PINCODE_MESSAGES = {
  invalidFormat: 'Invalid PIN code format',
  notFound: 'Invalid PIN code or location not found',
  lookupFailed: 'Unable to fetch location. Please enter manually.',
  autoDetected: 'Location auto-detected',
} as const;

/** `${Label} is required`, the checkout form's message for an empty field. */
export function requiredMessage(label: string): string {
  return `${label} is required`;
}

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
  /** Our own words: states and union territories come from a select. */
  stateInvalid: 'Please select a valid state or union territory',
  pincodeInvalid: 'Please enter a valid 6-digit PIN code',
  /** Our own words: same style as the city message. */
  countryInvalid: 'Country should contain only letters and be 2-50 characters long',
  formHasErrors: 'Please fix the errors in the form before submitting.',
  cartEmpty: 'Your cart is empty. Please add items before placing an order.',
  loginRequired: 'Please log in to place an order.',
  statePlaceholder: 'Select State',
} as const;
