// The back office's sign-in page: client-rendered like the rest of the back office (its form talks JSON to the
// API and keeps the token in this tab), so the server sends an empty page body.
import { AdminLoginPage } from '../features/admin/components/AdminLoginPage';
import { adminToken } from '../features/admin/api';
import { adminReturnTo } from '../features/admin/return-to';
import { redirectTo } from '../features/admin/session';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.login';

export const meta: Route.MetaFunction = () => adminMeta('Sign in');

// Already signed in in this tab: straight on (the layout sends the member back here if the token has expired).
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (adminToken()) throw redirectTo(adminReturnTo(new URL(request.url).searchParams.get('returnTo')));
  return null;
}

export default function AdminLogin() {
  return <AdminLoginPage />;
}
