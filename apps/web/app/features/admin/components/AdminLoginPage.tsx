// /admin/login (docs/admin.md#sign-in): e-mail and password, then, when the server asks for it, the
// authenticator's code or a recovery code. Every message is the server's (or the contract schema's) own.
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminSessionBody, adminSessionBodySchema } from '@rangrez/contract/schemas/admin';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { createAdminApi, errorText, saveAdminToken } from '../api';
import { adminReturnTo } from '../return-to';
import { Notice, TextField, buttonClass } from './ui';

const api = createAdminApi();

/** The sign-in form's state: the code step appears once the server has asked for a code. */
function useAdminSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [codeStep, setCodeStep] = useState(false);
  const form = useForm({
    resolver: zodResolver(adminSessionBodySchema),
    defaultValues: { email: '', password: '', totp: '' },
  });
  const { setFocus, setError, resetField } = form;
  // The code field is new to the page: take the member there rather than leave them on the button.
  useEffect(() => {
    if (codeStep) setFocus('totp');
  }, [codeStep, setFocus]);

  const onSubmit = form.handleSubmit(async (body: AdminSessionBody) => {
    try {
      const session = await api.signIn(body);
      saveAdminToken(session.accessToken);
      await navigate(adminReturnTo(params.get('returnTo')), { replace: true });
    } catch (error) {
      const message = errorText(error);
      if (message === STAFF_MESSAGES.totpRequired) {
        setCodeStep(true);
        return;
      }
      if (message === STAFF_MESSAGES.totpInvalid) {
        resetField('totp');
        setFocus('totp');
      }
      setError('root.server', { message });
    }
  });
  return { form, codeStep, onSubmit };
}

export function AdminLoginPage() {
  const { form, codeStep, onSubmit } = useAdminSignIn();
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  const serverError = errors.root?.server?.message;
  return (
    <div className="flex min-h-[80vh] items-center justify-center bg-paper px-4 py-10">
      <section className="w-full max-w-sm rounded-2xl border border-black/10 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">Back office sign-in</h1>
        <p className="mt-1 mb-6 text-sm text-neutral-600">Rangrez staff only.</p>
        <form noValidate onSubmit={onSubmit} aria-label="Back office sign-in" className="flex flex-col gap-4">
          <Notice notice={serverError ? { kind: 'error', text: serverError } : null} />
          <TextField
            id="admin-email"
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            id="admin-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          {codeStep ? (
            <TextField
              id="admin-totp"
              label="Authentication code"
              autoComplete="one-time-code"
              spellCheck={false}
              autoCapitalize="none"
              hint={`${STAFF_MESSAGES.totpRequired}, or one of your recovery codes.`}
              error={errors.totp?.message}
              {...register('totp')}
            />
          ) : null}
          <button
            type="submit"
            disabled={isSubmitting}
            aria-busy={isSubmitting || undefined}
            className={buttonClass}
          >
            Sign in
          </button>
        </form>
      </section>
    </div>
  );
}
