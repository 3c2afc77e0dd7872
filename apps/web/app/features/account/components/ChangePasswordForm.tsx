// The profile's 'Change password' form (docs/accounts.md#passwords): the current password and a new one that
// follows sign-up's rule. Other devices are signed out by the server; this one stays signed in.
import { type FormEvent, useState } from 'react';
import { validateSignupPassword } from '@rangrez/contract/rules/account-validators';
import { PASSWORD_MESSAGES } from '@rangrez/contract/rules/password-messages';
import { accountApi } from '../api';
import { usePasswordRequest } from '../use-password-request';
import { FormField } from './FormField';
import { Notice } from './Notice';
import { PasswordStrength } from './PasswordStrength';

const IDS = { currentPassword: 'change-current-password', password: 'change-new-password' } as const;
const FAILED = 'Failed to change the password. Please try again.';

export function ChangePasswordForm() {
  const [fields, setFields] = useState({ currentPassword: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof IDS, string>>>({});
  const request = usePasswordRequest(FAILED);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      ...(fields.currentPassword === ''
        ? { currentPassword: PASSWORD_MESSAGES.currentPasswordRequired }
        : {}),
      ...(validateSignupPassword(fields.password)
        ? { password: validateSignupPassword(fields.password)! }
        : {}),
    };
    setErrors(found);
    const first = (Object.keys(IDS) as (keyof typeof IDS)[]).find((field) => found[field]);
    if (first) {
      document.getElementById(IDS[first])?.focus();
      return;
    }
    await request.run(() => accountApi.changePassword(fields));
    setFields({ currentPassword: '', password: '' });
  }

  const field = (name: keyof typeof IDS, label: string, autoComplete: string) => ({
    id: IDS[name],
    name,
    label,
    type: 'password',
    autoComplete,
    value: fields[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  return (
    <section aria-labelledby="change-password-heading" className="mt-8 border-t border-black/10 pt-6">
      <h2 id="change-password-heading" className="mb-4 text-lg font-bold">
        Change password
      </h2>
      <Notice done={request.done} failed={request.failed} />
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Change password">
        <FormField {...field('currentPassword', 'Current password', 'current-password')} />
        <FormField
          {...field('password', 'New password', 'new-password')}
          hint={<PasswordStrength password={fields.password} />}
        />
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={request.busy}
            aria-busy={request.busy || undefined}
            className="h-12 rounded-lg bg-black px-6 font-bold text-white hover:bg-neutral-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
