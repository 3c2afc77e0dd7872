// /forgot-password (docs/accounts.md#passwords): the e-mail only; the answer is the same whether or not the
// address has an account.
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { validateLoginEmail } from '@rangrez/contract/rules/account-validators';
import { accountApi } from '../api';
import { usePasswordRequest } from '../use-password-request';
import { AuthCard } from './AuthCard';
import { FormField } from './FormField';
import { Notice } from './Notice';

const FAILED = 'Something went wrong. Please try again.';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = usePasswordRequest(FAILED);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateLoginEmail(email);
    setError(problem ?? undefined);
    if (problem) {
      document.getElementById('forgot-email')?.focus();
      return;
    }
    await request.run(() => accountApi.forgotPassword(email.trim()));
  }

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter your account's e-mail and we will send you a link to set a new password."
    >
      <Notice done={request.done} failed={request.failed} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Forgot password">
        <FormField
          id="forgot-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <button
          type="submit"
          disabled={request.busy}
          aria-busy={request.busy || undefined}
          className="mt-2 h-12 rounded-lg bg-black font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Send link
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-neutral-700">
        Remembered it?{' '}
        <Link to="/login" className="font-semibold text-black underline underline-offset-2">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
