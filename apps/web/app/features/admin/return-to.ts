// Where the back office's sign-in leads: back to the admin page the member was sent away from, and only to an
// admin page (the shop's own returnTo rules first: a same-site path, no open redirect).
import { sanitizeReturnTo } from '../../lib/return-to';

export const ADMIN_HOME = '/admin';
export const ADMIN_LOGIN = '/admin/login';
// Pages that need no session: returning to them after signing in would loop or make no sense.
const PUBLIC_PAGES = [ADMIN_LOGIN, '/admin/accept-invitation'];

/** The admin path to open after signing in; '/admin' for anything else. */
export function adminReturnTo(value: string | null | undefined): string {
  const path = sanitizeReturnTo(value);
  const pathname = path.split(/[?#]/)[0]!;
  const isAdmin = pathname === ADMIN_HOME || pathname.startsWith(`${ADMIN_HOME}/`);
  return isAdmin && !PUBLIC_PAGES.includes(pathname.replace(/\/$/, '')) ? path : ADMIN_HOME;
}

/** '/admin/login?returnTo=%2Fadmin%2Fstaff' for the admin page at `currentPath`. */
export function adminLoginHref(currentPath: string): string {
  const target = adminReturnTo(currentPath);
  return target === ADMIN_HOME ? ADMIN_LOGIN : `${ADMIN_LOGIN}?returnTo=${encodeURIComponent(target)}`;
}
