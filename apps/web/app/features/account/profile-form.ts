// The profile form's rules (docs/product/rules.md#profile): validation with the contract's words, and the update body
// holding only what changed (e-mail is never sent).
import { PROFILE_MESSAGES, SIGNUP_MESSAGES } from '@rangrez/contract/rules/account-messages';
import { isValidPhoneNumber, validateAvatarUrl } from '@rangrez/contract/rules/account-validators';
import { CHECKOUT_MESSAGES } from '@rangrez/contract/rules/checkout-messages';
import { PIN_CODE_PATTERN, PLACE_NAME_PATTERN } from '@rangrez/contract/rules/patterns';
import { normalisePhoneForStorage, stripPincodeInput } from '@rangrez/contract/rules/phone';
import type { User } from '@rangrez/contract/schemas';

const ADDRESS_FIELDS = ['country', 'state', 'city', 'street', 'pincode', 'doorNo'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
export const PROFILE_FIELDS = ['firstName', 'lastName', 'avatar', 'phone', ...ADDRESS_FIELDS] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileForm = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export function formFromUser(user: User): ProfileForm {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.avatar,
    phone: user.phone,
    country: user.address.country,
    state: user.address.state,
    city: user.address.city,
    street: user.address.street,
    pincode: user.address.pincode,
    doorNo: user.address.doorNo,
  };
}

/**
 * What a field keeps of a keystroke or paste: the PIN code's digits (at most 6), as at checkout. The phone is free
 * text, as at sign-up (another country's number is allowed), and becomes its national form when it is left.
 */
export function stripProfileInput(field: ProfileField, raw: string): string {
  return field === 'pincode' ? stripPincodeInput(raw) : raw;
}

/** The phone field once left: an Indian mobile shown as the server will keep it ('+91 98765-43210' -> '9876543210'). */
export const tidyPhone = normalisePhoneForStorage;

const blank = (value: string) => value.trim() === '';

/** Field errors; only changed optional fields are checked, so old data the user keeps is never blocking. */
export function validateProfile(form: ProfileForm, original: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  if (blank(form.firstName)) errors.firstName = PROFILE_MESSAGES.namesRequired;
  else if (blank(form.lastName)) errors.lastName = PROFILE_MESSAGES.namesRequired;
  const avatar = validateAvatarUrl(form.avatar);
  if (avatar) errors.avatar = avatar;
  const changed = (field: ProfileField) => form[field].trim() !== original[field].trim();
  if (changed('phone') && !isValidPhoneNumber(form.phone)) errors.phone = SIGNUP_MESSAGES.phoneInvalid;
  const place = (value: string) => blank(value) || PLACE_NAME_PATTERN.test(value.trim());
  if (changed('country') && !place(form.country)) errors.country = CHECKOUT_MESSAGES.countryInvalid;
  if (changed('city') && !place(form.city)) errors.city = CHECKOUT_MESSAGES.cityInvalid;
  if (changed('pincode') && !blank(form.pincode) && !PIN_CODE_PATTERN.test(form.pincode.trim())) {
    errors.pincode = CHECKOUT_MESSAGES.pincodeInvalid;
  }
  return errors;
}

export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  avatar?: string;
  phone?: string;
  address?: Partial<Record<AddressField, string>>;
}

/** Only the fields that differ from what the server has; null when nothing changed. */
export function profileChanges(form: ProfileForm, original: ProfileForm): ProfileUpdate | null {
  const update: ProfileUpdate = {};
  for (const field of ['firstName', 'lastName', 'avatar', 'phone'] as const) {
    if (form[field].trim() !== original[field].trim()) update[field] = form[field].trim();
  }
  const address: Partial<Record<AddressField, string>> = {};
  for (const field of ADDRESS_FIELDS) {
    if (form[field].trim() !== original[field].trim()) address[field] = form[field].trim();
  }
  if (Object.keys(address).length > 0) update.address = address;
  return Object.keys(update).length > 0 ? update : null;
}

export function initials(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}
