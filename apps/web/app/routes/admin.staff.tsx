import { StaffPage } from '../features/admin/components/StaffPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.staff';

export const meta: Route.MetaFunction = () => adminMeta('Staff');

export default function AdminStaff() {
  return <StaffPage />;
}
