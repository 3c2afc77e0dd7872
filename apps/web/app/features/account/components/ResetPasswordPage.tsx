// /reset-password#<token> (docs/accounts.md#passwords): the e-mailed link's page. The token travels in the
// fragment, so it never reaches a server log; it is read once the page runs in the browser.
import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { validateSignupPassword } from '@rangrez/contract/rules/account-validators';
import { PASSWORD_MESSAGES } from '@rangrez/contract/rules/password-messages';
import { accountApi } from '../api';
import { usePasswordRequest } from '../use-password-request';
import { AuthCard } from './AuthCard';
import { FormField, PasswordToggle } from './FormField';
import { Notice } from './Notice';
import { PasswordStrength } from './PasswordStrength';

const ID = 'reset-password';

// The fragment is only known in the browser: the server renders the form without it (null), the browser with it.
const noSubscription = () => () => {};
const tokenInAddress = () => window.location.hash.replace(/^#/, '');

export function ResetPasswordPage() {
  const token = useSyncExternalStore(noSubscription, tokenInAddress, () => null);
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const request = usePasswordRequest(PASSWORD_MESSAGES.resetLinkInvalid);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateSignupPassword(password);
    setError(problem ?? undefined);
    if (problem) {
      document.getElementById(ID)?.focus();
      return;
    }
    await request.run(() => accountApi.resetPassword({ token: token ?? '', password }));
  }

  if (token === '') {
    return (
      <AuthCard title="Set a new password" subtitle="This page needs the link from your e-mail.">
        <Notice done={null} failed={PASSWORD_MESSAGES.resetLinkInvalid} />
        <Link to="/forgot-password" className="font-semibold underline underline-offset-2">
          Send a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set a new password" subtitle="Choose the password you will sign in with from now on.">
      <Notice done={request.done} failed={request.failed} />
      {request.done ? (
        <Link
          to="/login"
          className="flex h-12 items-center justify-center rounded-lg bg-black font-bold text-white hover:bg-neutral-800"
        >
          Sign In
        </Link>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Set a new password">
          <FormField
            id={ID}
            label="New password"
            type={visible ? 'text' : 'password'}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
            hint={<PasswordStrength password={password} />}
            adornment={
              <PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} controls={ID} />
            }
          />
          <button
            type="submit"
            disabled={request.busy || token === null}
            aria-busy={request.busy || undefined}
            className="mt-2 h-12 rounded-lg bg-black font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            Set password
          </button>
        </form>
      )}
    </AuthCard>
  );
}
