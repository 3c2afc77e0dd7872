// The signed-in staff member and the API client bound to their session, for every page under the admin layout.
import type { StaffSelf } from '@rangrez/contract/schemas/admin';
import { type ReactNode, createContext, use, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AdminApi, AdminApiError, adminToken, clearAdminToken, createAdminApi } from './api';
import { ADMIN_LOGIN, adminLoginHref } from './return-to';

export interface AdminSession {
  staff: StaffSelf;
  api: AdminApi;
  /** After a change to the member's own account (two-factor sign-in set up). */
  setStaff: (staff: StaffSelf) => void;
  signOut: () => Promise<void>;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

export function useAdminSession(): AdminSession {
  const session = use(AdminSessionContext);
  if (!session) throw new Error('useAdminSession needs the admin layout (AdminSessionProvider)');
  return session;
}

export function AdminSessionProvider({ staff: loaded, children }: { staff: StaffSelf; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [staff, setStaff] = useState(loaded);
  // A 401 anywhere: the session has ended (signed out elsewhere, expired, account changed). Sign in again, and
  // come back to this page afterwards.
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    if (ended) void navigate(adminLoginHref(`${pathname}${search}`), { replace: true });
  }, [ended, pathname, search, navigate]);
  const value = useMemo<AdminSession>(() => {
    const api = createAdminApi(() => setEnded(true));
    return {
      staff,
      api,
      setStaff,
      async signOut() {
        // Signed out locally whatever the server answers: the member asked to leave.
        await api.signOut().catch(() => undefined);
        clearAdminToken();
        await navigate(ADMIN_LOGIN, { replace: true });
      },
    };
  }, [staff, navigate]);
  return <AdminSessionContext value={value}>{children}</AdminSessionContext>;
}

/**
 * React Router's `redirect()`, written out: it is the same Response, and importing the helper would add an export
 * to the shared entry chunk that every shop page loads (docs/admin.md#the-admin-app).
 */
export const redirectTo = (path: string) => new Response(null, { status: 302, headers: { Location: path } });

/**
 * The admin layout's clientLoader: the member behind this tab's token, or a redirect to the sign-in page (no
 * token, or one the server no longer accepts) that comes back to `request`'s page.
 */
export async function loadAdminSession(request: Request): Promise<StaffSelf> {
  const url = new URL(request.url);
  const login = adminLoginHref(`${url.pathname}${url.search}`);
  if (!adminToken()) throw redirectTo(login);
  try {
    return (await createAdminApi().session()).staff;
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 401) throw redirectTo(login);
    throw error;
  }
}
