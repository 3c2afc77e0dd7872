// Messages of the forgotten-password and change-password flows (docs/accounts.md#passwords), word for word; the
// API answers them and the web pages show them.

export const PASSWORD_MESSAGES = {
  /** The one answer to every well-formed request: it never says whether the address has an account. */
  resetLinkSent: 'If an account exists for this e-mail, we have sent a link.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  resetDone: 'Your password has been set. Please sign in with your new password.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  /** A Google-only account has no current password to give: the forgotten-password link sets its first one. */
  noPasswordYet:
    'This account signs in with Google and has no password yet. Use Forgot password? on the sign-in page to set one.',
  changed: 'Your password has been changed.',
} as const;

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
