import { RtoReportPage } from '../features/admin/components/RtoReportPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.rto';

export const meta: Route.MetaFunction = () => adminMeta('RTO');

export default function AdminRto() {
  return <RtoReportPage />;
}
