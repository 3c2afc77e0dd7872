// /admin: a starting point that lists what the member's role may open, with the owner's figures first for a role
// that may read them (docs/admin.md#dashboard). The pages for products, orders and the rest of the shop join the
// list as they are built.
import { ROLE_LABELS, ROLE_PERMISSIONS, roleCan } from '@rangrez/contract/rules/staff-roles';
import { Link } from 'react-router';
import { sectionsFor } from '../nav';
import { useAdminSession } from '../session';
import { OwnerDashboard } from './OwnerDashboard';
import { PageHeading } from './ui';

export function DashboardPage() {
  const { staff } = useAdminSession();
  const sections = sectionsFor(staff.role).filter((s) => s.to !== '/admin');
  return (
    <>
      <PageHeading title="Dashboard">
        Signed in as {staff.email}, {ROLE_LABELS[staff.role]}.
      </PageHeading>
      {roleCan(staff.role, 'reports:read') ? <OwnerDashboard /> : null}
      <h2 className="mb-3 text-lg font-semibold">You may open</h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {sections.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="block h-full rounded-xl border border-black/10 bg-white p-4 hover:border-ink focus-visible:outline-2 focus-visible:outline-ink"
            >
              <span className="font-semibold">{section.label}</span>
              <span className="mt-1 block text-sm text-neutral-600">{section.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mt-8 mb-3 text-lg font-semibold">Your role&apos;s permissions</h2>
      <ul className="flex flex-wrap gap-2" aria-label={`${ROLE_LABELS[staff.role]} permissions`}>
        {ROLE_PERMISSIONS[staff.role].map((permission) => (
          <li
            key={permission}
            className="rounded-md bg-neutral-100 px-2 py-1 font-mono text-xs text-neutral-800"
          >
            {permission}
          </li>
        ))}
      </ul>
    </>
  );
}
