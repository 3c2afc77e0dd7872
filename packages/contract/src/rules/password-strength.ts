// Signup password strength (docs/product/rules.md#password-strength): five checks; label Weak below 2, Medium
// below 4, Strong otherwise; a password is accepted with at least 3 checks passed.

export const PASSWORD_CHECKS = [
  { id: 'length', label: 'At least 8 characters', test: (password: string) => password.length >= 8 },
  { id: 'uppercase', label: 'One uppercase letter', test: (password: string) => /[A-Z]/.test(password) },
  { id: 'lowercase', label: 'One lowercase letter', test: (password: string) => /[a-z]/.test(password) },
  { id: 'number', label: 'One number', test: (password: string) => /[0-9]/.test(password) },
  // Anything that is neither a letter, a digit nor white space counts as special.
  {
    id: 'special',
    label: 'One special character',
    test: (password: string) => /[^A-Za-z0-9\s]/.test(password),
  },
] as const;
export type PasswordCheckId = (typeof PASSWORD_CHECKS)[number]['id'];

export const PASSWORD_STRENGTH_LABELS = ['Weak', 'Medium', 'Strong'] as const;
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

/** Score (checks passed) a signup password needs. */
export const MIN_PASSWORD_SCORE = 3;

export interface PasswordStrength {
  checks: Record<PasswordCheckId, boolean>;
  /** Number of checks passed, 0-5. */
  score: number;
  label: PasswordStrengthLabel;
  /** score >= 3 */
  isValid: boolean;
}

export function strengthLabel(score: number): PasswordStrengthLabel {
  if (score < 2) return 'Weak';
  if (score < 4) return 'Medium';
  return 'Strong';
}

export function passwordStrength(password: string): PasswordStrength {
  const checks = {} as Record<PasswordCheckId, boolean>;
  let score = 0;
  for (const check of PASSWORD_CHECKS) {
    const passed = check.test(password);
    checks[check.id] = passed;
    if (passed) score += 1;
  }
  return { checks, score, label: strengthLabel(score), isValid: score >= MIN_PASSWORD_SCORE };
}
