import { AuditPage } from '../features/admin/components/AuditPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.audit';

export const meta: Route.MetaFunction = () => adminMeta('Audit');

export default function AdminAudit() {
  return <AuditPage />;
}
