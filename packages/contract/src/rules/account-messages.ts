// Messages of sign-in, sign-up, Google sign-in and the profile (docs/product/texts.md#sign-in).
// Word for word; split by area so a page loads only the messages it shows. error-catalogue.ts and
// validation-messages.ts re-export them all.

export const LOGIN_ERROR_MESSAGES = {
  /** Server messages the client recognises. */
  serverUserNotFound: 'User not found',
  serverInvalidPassword: 'Invalid password',
  noAccount: 'No account found with this email.',
  incorrectPassword: 'Incorrect password.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  offline: 'No internet connection. Please check your network.',
  fallback: 'Failed to log in. Please check your credentials.',
} as const;

/** What the login form shows for a failed login (docs/product/texts.md#sign-in). */
export function loginErrorMessage(serverMessage: string | undefined, offline = false): string {
  if (offline) return LOGIN_ERROR_MESSAGES.offline;
  if (serverMessage === LOGIN_ERROR_MESSAGES.serverUserNotFound) return LOGIN_ERROR_MESSAGES.noAccount;
  if (serverMessage === LOGIN_ERROR_MESSAGES.serverInvalidPassword)
    return LOGIN_ERROR_MESSAGES.incorrectPassword;
  if (serverMessage?.includes('Too many')) return LOGIN_ERROR_MESSAGES.tooManyAttempts;
  return LOGIN_ERROR_MESSAGES.fallback;
}

/** Seconds as m:ss (300 -> '5:00', 65 -> '1:05'); negative or fractional input is clamped and rounded up. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.ceil(Number.isFinite(seconds) ? seconds : 0));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

/** The lock banner: 'Too many login attempts. Please try again in m:ss minutes.' */
export function loginLockMessage(secondsLeft: number): string {
  return `Too many login attempts. Please try again in ${formatCountdown(secondsLeft)} minutes.`;
}

export const GOOGLE_MESSAGES = {
  authFailed: 'Failed to authenticate with Google',
  signupFailed: 'Google signup failed. Please try again.',
} as const;

export const SIGNUP_ERROR_MESSAGES = {
  emailTaken: 'This email is already registered. Please use a different email.',
  network: 'Network error. Please check your connection.',
  fallback: 'Signup failed. Please try again.',
} as const;

/** What the signup form shows for a failed signup (docs/product/texts.md#sign-up). */
export function signupErrorMessage(serverMessage: string | undefined): string {
  const message = serverMessage?.toLowerCase() ?? '';
  if (message.includes('email')) return SIGNUP_ERROR_MESSAGES.emailTaken;
  if (message.includes('network')) return SIGNUP_ERROR_MESSAGES.network;
  return SIGNUP_ERROR_MESSAGES.fallback;
}

export const PROFILE_ERROR_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  updateFailed: 'Failed to update profile. Please try again.',
} as const;

/** What the profile page shows for a failed update, and whether it must log out (after 2 s). */
export function profileErrorMessage(serverMessage: string | undefined): { message: string; logout: boolean } {
  if (serverMessage?.includes('Session expired')) {
    return { message: PROFILE_ERROR_MESSAGES.sessionExpired, logout: true };
  }
  return { message: serverMessage || PROFILE_ERROR_MESSAGES.updateFailed, logout: false };
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
