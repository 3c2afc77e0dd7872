// The back office's frame for signed-in pages: its own header and navigation (the shop's header, footer and
// bottom bar step aside, admin.css), only the sections the role may open, and the two-factor set-up first when
// the shop requires it and the member has not set it up yet.
import type { StaffSelf } from '@rangrez/contract/schemas/admin';
import { ROLE_LABELS, roleCan } from '@rangrez/contract/rules/staff-roles';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { matchesOnlyItself, sectionsFor } from '../nav';
import { ADMIN_HOME } from '../return-to';
import { AdminSessionProvider, useAdminSession } from '../session';
import { AdminLoading, secondaryButtonClass } from './ui';

const SECURITY_PAGE = '/admin/security';
const NEEDS_ACTION_PAGE = '/admin/needs-action';

/** How many entries wait in the needs-action queue, asked again on every navigation; null until known. */
function useNeedsActionCount(pathname: string): number | null {
  const { api, staff } = useAdminSession();
  // A member who must still set up two-factor sign-in is refused everything but that set-up (403): no badge yet.
  const allowed = roleCan(staff.role, 'orders:read') && !staff.mustEnrolTotp;
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    // A badge that cannot load is left out; the queue's own page says why.
    api.needsActionCount().then(
      (n) => live && setCount(n),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, allowed, pathname]);
  return allowed ? count : null;
}

function Badge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs text-white">
      {count}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

export function AdminShell({ staff }: { staff: StaffSelf }) {
  return (
    <AdminSessionProvider staff={staff}>
      <div className="min-h-screen bg-paper">
        <AdminHeader />
        <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
          <EnrolmentGate />
        </div>
      </div>
    </AdminSessionProvider>
  );
}

function AdminHeader() {
  const { staff, signOut } = useAdminSession();
  const { pathname } = useLocation();
  const sections = sectionsFor(staff.role);
  const waiting = useNeedsActionCount(pathname);
  const link = ({ isActive }: { isActive: boolean }) =>
    `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-ink text-white' : 'text-ink hover:bg-neutral-100'}`;
  return (
    <header className="border-b border-black/10 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <p className="text-lg font-bold tracking-tight">
          Rangrez <span className="font-normal text-neutral-600">back office</span>
        </p>
        <div className="flex items-center gap-3 text-sm">
          <span className="hidden text-neutral-700 sm:inline">
            {staff.email} · {ROLE_LABELS[staff.role]}
          </span>
          <button type="button" onClick={() => void signOut()} className={secondaryButtonClass}>
            Sign out
          </button>
        </div>
      </div>
      <nav aria-label="Back office" className="mx-auto max-w-6xl overflow-x-auto px-2 pb-2">
        <ul className="flex gap-1">
          {sections.map((section) => (
            <li key={section.to}>
              {/* A product's page still marks Products; the dashboard needs its exact address. */}
              <NavLink
                to={section.to}
                end={section.to === ADMIN_HOME || matchesOnlyItself(sections, section.to, pathname)}
                className={link}
              >
                {section.label}
                {section.to === NEEDS_ACTION_PAGE ? <Badge count={waiting} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** Until two-factor sign-in is set up (when required), every admin page sends the member to the set-up. */
function EnrolmentGate() {
  const { staff } = useAdminSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sendAway = staff.mustEnrolTotp && pathname.replace(/\/$/, '') !== SECURITY_PAGE;
  useEffect(() => {
    if (sendAway) void navigate(SECURITY_PAGE, { replace: true });
  }, [sendAway, navigate]);
  return sendAway ? <AdminLoading label="Opening the two-factor set-up" /> : <Outlet />;
}
