// /login (docs/product/screens.md#sign-in-and-sign-up, rules.md#login, rules.md#login-lockout, texts.md#sign-in).
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
import { useAuthForm } from '../use-auth-form';
import { FormField, PasswordToggle } from './FormField';
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
  const initial: LoginFields = { email: '', password: '' };
  const { formRef, fields, errors, formError, setFormError, busy, disabled, showPassword, ...form } =
    useAuthForm({
      initial,
      validate: validateLoginForm,
      order: FIELDS,
      ids: IDS,
      blocked: lock.locked || leaving,
      submit: async (valid) => {
        try {
          const session = await accountApi.login({ email: valid.email.trim(), password: valid.password });
          lock.recordSuccess();
          signIn(session);
          return null;
        } catch (error) {
          // The lock's own message replaces the form's once this failure locked it.
          if (lock.recordFailure()) return null;
          return loginErrorMessage(error instanceof Error ? error.message : undefined, isOffline(error));
        }
      },
    });
  const { change, onSubmit } = form;

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
              onToggle={form.toggleShowPassword}
              controls={IDS.password}
              disabled={lock.locked}
            />
          }
        />
        <Link
          to="/forgot-password"
          className="-mt-2 self-end text-sm font-semibold text-black underline underline-offset-2"
        >
          Forgot password?
        </Link>
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
