// One staff member on the owner's staff page: their details, what the owner can change about them, and their
// timeline on request. Each change is one call; the page shows the server's answer.
import type { StaffMember } from '@rangrez/contract/schemas/admin';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@rangrez/contract/rules/staff-roles';
import { useCallback, useId, useState } from 'react';
import type { AdminApi } from '../api';
import { formatDateTime } from '../format';
import { useAdminData } from '../use-admin-data';
import { TimelineEntries } from './Timeline';
import { secondaryButtonClass } from './ui';

export interface StaffActions {
  changeRole: (member: StaffMember, role: StaffRole) => void;
  setDisabled: (member: StaffMember, disabled: boolean) => void;
  resetTwoFactor: (member: StaffMember) => void;
}

const STATUS_LABELS: Record<StaffMember['status'], string> = {
  active: 'Active',
  invited: 'Invited',
  disabled: 'Disabled',
};

export function StaffMemberItem({
  member,
  canWrite,
  busy,
  actions,
}: {
  member: StaffMember;
  canWrite: boolean;
  busy: boolean;
  actions: StaffActions;
}) {
  const [role, setRole] = useState<StaffRole>(member.role);
  const roleId = `role-${member._id}`;
  return (
    <li className="rounded-xl border border-black/10 bg-white p-4">
      <p className="font-semibold break-all">{member.email}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Detail term="Role" value={ROLE_LABELS[member.role]} />
        <Detail term="Status" value={STATUS_LABELS[member.status]} />
        <Detail term="2FA" value={member.totpEnabled ? 'On' : 'Off'} />
        <Detail
          term="Last sign-in"
          value={member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never'}
        />
      </dl>
      {canWrite ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={roleId} className="block text-xs font-semibold text-neutral-700">
              New role for {member.email}
            </label>
            <select
              id={roleId}
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
              className="mt-1 min-h-11 rounded-lg border border-black/20 bg-white px-2 text-sm"
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            disabled={busy || role === member.role}
            onClick={() => actions.changeRole(member, role)}
            className={secondaryButtonClass}
          >
            Change role
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => actions.setDisabled(member, member.status !== 'disabled')}
            className={secondaryButtonClass}
          >
            {member.status === 'disabled' ? 'Enable' : 'Disable'}
            <span className="sr-only"> {member.email}</span>
          </button>
          <button
            type="button"
            disabled={busy || !member.totpEnabled}
            onClick={() => actions.resetTwoFactor(member)}
            className={secondaryButtonClass}
          >
            Reset 2FA<span className="sr-only"> of {member.email}</span>
          </button>
        </div>
      ) : null}
      <MemberTimeline member={member} />
    </li>
  );
}

/**
 * The member's own audit entries, loaded when the owner opens them. An action on the member changes what the list
 * answers about them, which loads the entries again (the key), while they stay open.
 */
function MemberTimeline({ member }: { member: StaffMember }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panel : undefined}
        onClick={() => setOpen((was) => !was)}
        className={`${secondaryButtonClass} gap-2`}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        Timeline<span className="sr-only"> of {member.email}</span>
      </button>
      {open ? (
        <div id={panel} className="mt-2">
          <LoadedTimeline key={JSON.stringify(member)} member={member} />
        </div>
      ) : null}
    </div>
  );
}

function LoadedTimeline({ member }: { member: StaffMember }) {
  const { _id: id, email } = member;
  const load = useCallback((api: AdminApi) => api.staffTimeline(id).then((answer) => answer.entries), [id]);
  const { data, error } = useAdminData(load);
  return <TimelineEntries entries={data} error={error} label={`Changes to ${email}`} />;
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-neutral-600">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
