import { SecurityPage } from '../features/admin/components/SecurityPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.security';

export const meta: Route.MetaFunction = () => adminMeta('Security');

export default function AdminSecurity() {
  return <SecurityPage />;
}
