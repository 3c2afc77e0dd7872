import { DashboardPage } from '../features/admin/components/DashboardPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.dashboard';

export const meta: Route.MetaFunction = () => adminMeta('Dashboard');

export default function AdminDashboard() {
  return <DashboardPage />;
}
