// Login, signup and profile rules (docs/product/rules.md: Login, Sign-up, Profile) as pure functions: each
// returns the message to show, or null.
// The zod schemas in ../schemas call these same functions, so each rule lives once.

import { LOGIN_PASSWORD_MIN_LENGTH } from './constants.ts';
import { isEmailAddress, PHONE_CHARACTERS_PATTERN } from './patterns.ts';
import { passwordStrength } from './password-strength.ts';
import { LOGIN_MESSAGES, PROFILE_MESSAGES, SIGNUP_MESSAGES } from './account-messages.ts';

const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

export function validateLoginEmail(email: string): string | null {
  if (isBlank(email)) return LOGIN_MESSAGES.emailRequired;
  if (!isEmailAddress(email)) return LOGIN_MESSAGES.emailInvalid;
  return null;
}

export function validateLoginPassword(password: string): string | null {
  if (password === '') return LOGIN_MESSAGES.passwordRequired;
  if (password.length < LOGIN_PASSWORD_MIN_LENGTH) return LOGIN_MESSAGES.passwordTooShort;
  return null;
}

export interface LoginFields {
  email: string;
  password: string;
}

/** Field messages of the login form; empty object when valid. */
export function validateLoginForm(fields: LoginFields): Partial<Record<keyof LoginFields, string>> {
  const errors: Partial<Record<keyof LoginFields, string>> = {};
  const email = validateLoginEmail(fields.email);
  if (email) errors.email = email;
  const password = validateLoginPassword(fields.password);
  if (password) errors.password = password;
  return errors;
}

/** The login call's own check: both fields non-blank. */
export function loginCallError(fields: { email?: string | null; password?: string | null }): string | null {
  return isBlank(fields.email) || isBlank(fields.password) ? LOGIN_MESSAGES.credentialsRequired : null;
}

/** Digits a signup phone number must hold: 10 (Indian number) up to 15 (E.164 maximum). */
export const SIGNUP_PHONE_MIN_DIGITS = 10;
export const SIGNUP_PHONE_MAX_DIGITS = 15;

/**
 * Signup / profile phone: only digits, spaces, hyphen, plus and parentheses, and - our addition, so
 * that '+' or '()' alone is not a phone number - 10 to 15 digits.
 */
export function isValidPhoneNumber(phone: string): boolean {
  const trimmed = phone.trim();
  if (!PHONE_CHARACTERS_PATTERN.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= SIGNUP_PHONE_MIN_DIGITS && digits <= SIGNUP_PHONE_MAX_DIGITS;
}

export function validateSignupPhone(phone: string): string | null {
  if (isBlank(phone)) return SIGNUP_MESSAGES.phoneRequired;
  return isValidPhoneNumber(phone) ? null : SIGNUP_MESSAGES.phoneInvalid;
}

export function validateSignupPassword(password: string): string | null {
  if (password === '') return SIGNUP_MESSAGES.passwordRequired;
  return passwordStrength(password).isValid ? null : SIGNUP_MESSAGES.passwordWeak;
}

export interface SignupFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
}

/** Field messages of the signup form; empty object when valid. */
export function validateSignupForm(fields: SignupFields): Partial<Record<keyof SignupFields, string>> {
  const errors: Partial<Record<keyof SignupFields, string>> = {};
  if (isBlank(fields.firstName)) errors.firstName = SIGNUP_MESSAGES.firstNameRequired;
  if (isBlank(fields.lastName)) errors.lastName = SIGNUP_MESSAGES.lastNameRequired;
  const email = validateLoginEmail(fields.email);
  if (email) errors.email = email;
  const password = validateSignupPassword(fields.password);
  if (password) errors.password = password;
  const phone = validateSignupPhone(fields.phone);
  if (phone) errors.phone = phone;
  return errors;
}

/**
 * The signup call's check (server side), first failure wins: all five non-blank, e-mail address-like,
 * password strength >= 3, phone rule.
 */
export function signupCallError(fields: Partial<Record<keyof SignupFields, string | null>>): string | null {
  const { firstName, lastName, email, password, phone } = fields;
  if ([firstName, lastName, email, password, phone].some(isBlank)) return SIGNUP_MESSAGES.allFieldsRequired;
  if (!isEmailAddress(email ?? '')) return SIGNUP_MESSAGES.emailInvalid;
  if (!passwordStrength(password ?? '').isValid) return SIGNUP_MESSAGES.passwordWeak;
  if (!isValidPhoneNumber(phone ?? '')) return SIGNUP_MESSAGES.phoneInvalid;
  return null;
}

/** Profile names: both required when editing. */
export function validateProfileNames(firstName: string, lastName: string): string | null {
  return isBlank(firstName) || isBlank(lastName) ? PROFILE_MESSAGES.namesRequired : null;
}

/** An absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Avatar, if given, must be a valid URL; empty means "no avatar" and passes. */
export function validateAvatarUrl(avatar: string): string | null {
  if (isBlank(avatar)) return null;
  return isHttpUrl(avatar) ? null : PROFILE_MESSAGES.avatarInvalid;
}
