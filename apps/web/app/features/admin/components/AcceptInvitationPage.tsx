// /admin/accept-invitation#<token> (docs/admin.md#invitations): the token is read from the URL's fragment, which
// browsers never send, and goes to the API in request bodies only. Shows whom the link invites, then takes a
// password and signs the new member in.
import { zodResolver } from '@hookform/resolvers/zod';
import { type StaffRole, ROLE_LABELS, STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import { STAFF_PASSWORD_MIN_LENGTH, invitationAcceptBodySchema } from '@rangrez/contract/schemas/admin';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { createAdminApi, errorText, saveAdminToken } from '../api';
import { ADMIN_HOME } from '../return-to';
import { AdminLoading, Notice, TextField, buttonClass } from './ui';

const api = createAdminApi();
const passwordSchema = invitationAcceptBodySchema.pick({ password: true });

type Lookup = { token: string; email: string; role: StaffRole } | { token: string; error: string };

/** Whom the link in the fragment invites, or the server's reason why it cannot be used. */
function useInvitation(token: string): Lookup | null {
  const [lookup, setLookup] = useState<Lookup | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    api.invitation(token).then(
      (found) => live && setLookup({ token, ...found }),
      (error: unknown) => live && setLookup({ token, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  if (!token) return { token, error: STAFF_MESSAGES.invitationInvalid };
  return lookup?.token === token ? lookup : null;
}

export function AcceptInvitationPage() {
  const { hash } = useLocation();
  const lookup = useInvitation(decodeURIComponent(hash.replace(/^#/, '')));
  if (!lookup) return <AdminLoading label="Checking your invitation" />;
  return (
    <div className="flex min-h-[80vh] items-center justify-center bg-paper px-4 py-10">
      <section className="w-full max-w-sm rounded-2xl border border-black/10 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-4 text-2xl font-bold">Join the Rangrez back office</h1>
        {'error' in lookup ? (
          <Notice notice={{ kind: 'error', text: lookup.error }} />
        ) : (
          <PasswordForm token={lookup.token} email={lookup.email} role={lookup.role} />
        )}
      </section>
    </div>
  );
}

function PasswordForm({ token, email, role }: { token: string; email: string; role: StaffRole }) {
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      saveAdminToken((await api.acceptInvitation({ token, password })).accessToken);
      // Replacing this entry also takes the token out of the tab's history.
      await navigate(ADMIN_HOME, { replace: true });
    } catch (error) {
      setError('root.server', { message: errorText(error) });
    }
  });
  const serverError = errors.root?.server?.message;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Choose your password" className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">
        You are invited as <strong>{ROLE_LABELS[role]}</strong>. Choose a password to finish.
      </p>
      <Notice notice={serverError ? { kind: 'error', text: serverError } : null} />
      <TextField
        id="invite-email"
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        readOnly
      />
      <TextField
        id="invite-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters, with two or more of: upper case, lower case, digits, symbols.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <button
        type="submit"
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
        className={buttonClass}
      >
        Create my account
      </button>
    </form>
  );
}
