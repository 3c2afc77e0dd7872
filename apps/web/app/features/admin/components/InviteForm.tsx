// The owner's invitation form: e-mail and role, checked with the API's own schema (so its messages are the
// server's), then POST /admin/staff, which e-mails the member a single-use link.
import { zodResolver } from '@hookform/resolvers/zod';
import { type StaffInviteBody, staffInviteBodySchema } from '@rangrez/contract/schemas/admin';
import { ROLE_LABELS, STAFF_ROLES } from '@rangrez/contract/rules/staff-roles';
import { useForm } from 'react-hook-form';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { Notice, SelectField, TextField, buttonClass } from './ui';

export function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const { api } = useAdminSession();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(staffInviteBodySchema),
    defaultValues: { email: '', role: 'catalogue' as const },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (body: StaffInviteBody) => {
    try {
      const { staff } = await api.invite(body);
      reset();
      onInvited(staff.email);
    } catch (error) {
      setError('root.server', { message: errorText(error) });
    }
  });
  const serverError = errors.root?.server?.message;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="invite-heading"
      className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
    >
      <h2 id="invite-heading" className="mb-4 text-lg font-semibold">
        Invite a member
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="sm:flex-1">
          <TextField
            id="invite-email"
            label="Email"
            type="email"
            autoComplete="off"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <div className="sm:w-48">
          <SelectField id="invite-role" label="Role" error={errors.role?.message} {...register('role')}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </SelectField>
        </div>
        <button type="submit" disabled={isSubmitting} className={`${buttonClass} sm:mt-6`}>
          Send invitation
        </button>
      </div>
      {serverError ? (
        <div className="mt-4">
          <Notice notice={{ kind: 'error', text: serverError }} />
        </div>
      ) : null}
    </form>
  );
}
