// /signup (docs/product/screens.md#sign-in-and-sign-up, rules.md#sign-up, texts.md#sign-up).
import { type InputHTMLAttributes, useState } from 'react';
import { Link } from 'react-router';
import { NEWSLETTER_MESSAGES } from '@rangrez/contract/rules/newsletter-messages';
import type { WelcomeOffer } from '@rangrez/contract/schemas/newsletter';
import { GOOGLE_MESSAGES, signupErrorMessage } from '@rangrez/contract/rules/account-messages';
import { type SignupFields, validateSignupForm } from '@rangrez/contract/rules/account-validators';
import { normalisePhoneForStorage } from '@rangrez/contract/rules/phone';
import { ApiError, api } from '../../../lib/api';
import { accountApi } from '../api';
import { useSession } from '../session';
import { useLeaveWhenSignedIn, useReturnTo } from '../use-return-to';
import { AuthCard, OrDivider, TermsNote } from './AuthCard';
import { useAuthForm } from '../use-auth-form';
import { FormField, PasswordToggle } from './FormField';
import { GoogleButton } from './GoogleButton';
import { PasswordStrength } from './PasswordStrength';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'phone'] as const;
const IDS = {
  firstName: 'signup-first-name',
  lastName: 'signup-last-name',
  email: 'signup-email',
  password: 'signup-password',
  phone: 'signup-phone',
} as const;
const EMPTY: SignupFields = { firstName: '', lastName: '', email: '', password: '', phone: '' };

/** The sign-up page's newsletter offer (docs/newsletter.md): shown while the welcome offer is on. */
function NewsletterConsent({
  offer,
  ...input
}: { offer: WelcomeOffer } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="rounded-lg border border-black/10 bg-neutral-50 p-3 text-sm">
      <label className="flex items-start gap-2">
        <input type="checkbox" className="mt-0.5 h-4 w-4" {...input} />
        <span>{NEWSLETTER_MESSAGES.consentLine}</span>
      </label>
      <p className="mt-1 pl-6 text-neutral-600">
        Get {offer.percent}% off your first order: we e-mail your welcome code once you confirm your address.
      </p>
    </div>
  );
}

/** Subscribes the new account's address; the account exists whatever happens here, so a failure is ignored. */
async function subscribeQuietly(email: string): Promise<void> {
  await api('/newsletter/subscribe', {
    method: 'POST',
    body: { email, consent: true, source: 'signup' },
    auth: false,
  }).catch(() => undefined);
}

export function SignupPage({ welcomeOffer = null }: { welcomeOffer?: WelcomeOffer | null }) {
  const [newsletter, setNewsletter] = useState(false);
  const returnTo = useReturnTo();
  const leaving = useLeaveWhenSignedIn(returnTo);
  const { signIn } = useSession();
  const { formRef, fields, errors, formError, setFormError, busy, disabled, showPassword, ...form } =
    useAuthForm({
      initial: EMPTY,
      validate: validateSignupForm,
      order: FIELDS,
      ids: IDS,
      blocked: leaving,
      submit: async (valid) => {
        try {
          const session = await accountApi.signup({
            firstName: valid.firstName.trim(),
            lastName: valid.lastName.trim(),
            email: valid.email.trim(),
            password: valid.password,
            phone: valid.phone.trim(),
          });
          if (newsletter && welcomeOffer?.enabled) await subscribeQuietly(valid.email.trim());
          signIn(session);
          return null;
        } catch (error) {
          // A call that never reached the server is a network error, whatever the client's own words for it.
          const message =
            error instanceof ApiError && error.status === 0 ? 'network' : (error as Error).message;
          return signupErrorMessage(message);
        }
      },
    });
  const { change } = form;

  const loginHref = returnTo === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`;
  const field = (key: keyof SignupFields) => ({
    id: IDS[key],
    name: key,
    value: fields[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => change(key, e.target.value),
  });

  return (
    <AuthCard
      title="Create Account"
      subtitle="Join Rangrez for faster checkout, your wishlist and your orders."
    >
      {formError ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={form.onSubmit}
        className="flex flex-col gap-4"
        aria-label="Sign up"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField {...field('firstName')} label="First Name" autoComplete="given-name" />
          <FormField {...field('lastName')} label="Last Name" autoComplete="family-name" />
        </div>
        <FormField {...field('email')} label="Email" type="email" autoComplete="email" inputMode="email" />
        <FormField
          {...field('password')}
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          hint={<PasswordStrength password={fields.password} />}
          adornment={
            <PasswordToggle
              visible={showPassword}
              onToggle={form.toggleShowPassword}
              controls={IDS.password}
            />
          }
        />
        <FormField
          {...field('phone')}
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          onBlur={() => form.change('phone', normalisePhoneForStorage(fields.phone))}
        />
        {welcomeOffer?.enabled ? (
          <NewsletterConsent
            offer={welcomeOffer}
            name="newsletter"
            checked={newsletter}
            onChange={(e) => setNewsletter(e.target.checked)}
          />
        ) : null}
        <button
          type="submit"
          disabled={disabled}
          aria-busy={busy || undefined}
          className="mt-2 h-12 rounded-lg bg-black font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Sign Up
        </button>
      </form>
      <OrDivider />
      <GoogleButton
        label="Sign up with Google"
        failureMessage={GOOGLE_MESSAGES.signupFailed}
        disabled={disabled}
        onStart={() => setFormError(null)}
        onError={setFormError}
      />
      <p className="mt-6 text-center text-sm text-neutral-700">
        Already have an account?{' '}
        <Link to={loginHref} className="font-semibold text-black underline underline-offset-2">
          Sign in
        </Link>
      </p>
      <TermsNote action="signing up" />
    </AuthCard>
  );
}
