// /login (docs/product/screens.md#sign-in-and-sign-up; rules.md#login, #login-lockout; texts.md#sign-in).
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  GOOGLE_MESSAGES,
  loginErrorMessage,
  loginLockMessage,
} from '@rangrez/contract/rules/account-messages';
import { type LoginFields, validateLoginForm } from '@rangrez/contract/rules/account-validators';
import { ApiError } from '../../../lib/api';
import { accountApi } from '../api';
import { useSession } from '../session';
import { useLeaveWhenSignedIn, useReturnTo } from '../use-return-to';
import { useLoginLock } from '../use-login-lock';
import { FormField, PasswordToggle, focusFirstInvalid } from './FormField';
import { GoogleButton } from './GoogleButton';
import { AuthCard, OrDivider, TermsNote } from './AuthCard';

const FIELDS = ['email', 'password'] as const;
const IDS = { email: 'login-email', password: 'login-password' } as const;

function isOffline(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof ApiError && error.status === 0;
}

export function LoginPage({ now }: { now?: () => number }) {
  const returnTo = useReturnTo();
  const leaving = useLeaveWhenSignedIn(returnTo);
  const { signIn } = useSession();
  const lock = useLoginLock(now);
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<LoginFields>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginFields, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const disabled = lock.locked || busy || leaving;

  function change(field: keyof LoginFields, value: string) {
    const next = { ...fields, [field]: value };
    setFields(next);
    // Once the user has tried to submit, errors follow the typing.
    if (submitted) setErrors(validateLoginForm(next));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled) return;
    setSubmitted(true);
    setFormError(null);
    const found = validateLoginForm(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(FIELDS, found, formRef.current, IDS);
      return;
    }
    setBusy(true);
    try {
      const session = await accountApi.login({ email: fields.email.trim(), password: fields.password });
      lock.recordSuccess();
      signIn(session);
    } catch (error) {
      if (lock.recordFailure()) return;
      setFormError(loginErrorMessage(error instanceof Error ? error.message : undefined, isOffline(error)));
    } finally {
      setBusy(false);
    }
  }

  const signupHref = returnTo === '/' ? '/signup' : `/signup?returnTo=${encodeURIComponent(returnTo)}`;

  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in to your Rangrez account.">
      {lock.locked ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {loginLockMessage(lock.secondsLeft)}
        </p>
      ) : formError ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
        <FormField
          id={IDS.email}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={fields.email}
          onChange={(e) => change('email', e.target.value)}
          error={errors.email}
          disabled={lock.locked}
        />
        <FormField
          id={IDS.password}
          label="Password"
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          value={fields.password}
          onChange={(e) => change('password', e.target.value)}
          error={errors.password}
          disabled={lock.locked}
          adornment={
            <PasswordToggle
              visible={showPassword}
              onToggle={() => setShowPassword((v) => !v)}
              controls={IDS.password}
              disabled={lock.locked}
            />
          }
        />
        <button
          type="submit"
          disabled={disabled}
          aria-busy={busy || undefined}
          className="mt-2 h-12 rounded-lg bg-black font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Sign In
        </button>
      </form>
      <OrDivider />
      <GoogleButton
        label="Sign in with Google"
        failureMessage={GOOGLE_MESSAGES.authFailed}
        disabled={disabled}
        onStart={() => setFormError(null)}
        onError={setFormError}
      />
      <p className="mt-6 text-center text-sm text-neutral-700">
        Don&apos;t have an account?{' '}
        <Link to={signupHref} className="font-semibold text-black underline underline-offset-2">
          Sign up
        </Link>
      </p>
      <TermsNote action="signing in" />
    </AuthCard>
  );
}
