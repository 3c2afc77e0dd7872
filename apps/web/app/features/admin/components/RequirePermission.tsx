// A page of the back office that needs a permission: the navigation does not offer it to other roles, and
// someone who types its address gets the server's own refusal without a call that would fail.
import type { ReactNode } from 'react';
import { type Permission, STAFF_MESSAGES, roleCan } from '@rangrez/contract/rules/staff-roles';
import { useAdminSession } from '../session';
import { Notice } from './ui';

export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { staff } = useAdminSession();
  if (!roleCan(staff.role, permission))
    return <Notice notice={{ kind: 'error', text: STAFF_MESSAGES.forbidden }} />;
  return <>{children}</>;
}
