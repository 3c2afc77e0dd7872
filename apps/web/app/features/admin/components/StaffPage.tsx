// /admin/staff (staff:read; changes need staff:write): every member with their status, the invitation form and
// each member's role, access and two-factor sign-in.
import { ROLE_LABELS, type StaffRole, roleCan } from '@rangrez/contract/rules/staff-roles';
import type { StaffMember } from '@rangrez/contract/schemas/admin';
import { useState } from 'react';
import { type AdminApi, errorText } from '../api';
import { useAdminSession } from '../session';
import { useAdminData } from '../use-admin-data';
import { InviteForm } from './InviteForm';
import { RequirePermission } from './RequirePermission';
import { type StaffActions, StaffMemberItem } from './StaffMemberItem';
import { AdminLoading, Notice, type NoticeState, PageHeading } from './ui';

const loadStaff = (api: AdminApi) => api.staff().then((answer) => answer.staff);

export function StaffPage() {
  return (
    <RequirePermission permission="staff:read">
      <StaffList />
    </RequirePermission>
  );
}

/** Runs one change at a time and reports it: the server's message on failure, what changed on success. */
function useStaffActions(reload: () => void) {
  const { api } = useAdminSession();
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(change: () => Promise<unknown>, done: string) {
    setBusy(true);
    setNotice(null);
    try {
      await change();
      setNotice({ kind: 'success', text: done });
      reload();
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  const actions: StaffActions = {
    changeRole: (m: StaffMember, role: StaffRole) =>
      void run(() => api.updateStaff(m._id, { role }), `${m.email} is now ${ROLE_LABELS[role]}.`),
    setDisabled: (m: StaffMember, disabled: boolean) =>
      void run(
        () => api.updateStaff(m._id, { disabled }),
        `${m.email} is ${disabled ? 'disabled: their sessions have ended' : 'enabled again'}.`,
      ),
    resetTwoFactor: (m: StaffMember) =>
      void run(
        () => api.resetTwoFactor(m._id),
        `Two-factor sign-in of ${m.email} is reset: they set it up again at their next sign-in.`,
      ),
  };
  const invited = (email: string) => {
    setNotice({ kind: 'success', text: `Invitation sent to ${email}.` });
    reload();
  };
  return { notice, busy, actions, invited };
}

function StaffList() {
  const { staff: me } = useAdminSession();
  const { data, error, loading, reload } = useAdminData(loadStaff);
  const { notice, busy, actions, invited } = useStaffActions(reload);
  const canWrite = roleCan(me.role, 'staff:write');
  return (
    <>
      <PageHeading title="Staff">Who can sign in to the back office, and as what.</PageHeading>
      <div className="flex flex-col gap-6">
        {canWrite ? <InviteForm onInvited={invited} /> : null}
        <Notice notice={notice} />
        {error ? <Notice notice={{ kind: 'error', text: error }} /> : null}
        {data ? (
          <ul aria-label="Staff members" aria-busy={loading || undefined} className="flex flex-col gap-3">
            {data.map((member) => (
              <StaffMemberItem
                key={`${member._id}:${member.role}`}
                member={member}
                canWrite={canWrite}
                busy={busy}
                actions={actions}
              />
            ))}
          </ul>
        ) : loading ? (
          <AdminLoading label="Loading the staff list" />
        ) : null}
      </div>
    </>
  );
}
