import { NeedsActionPage } from '../features/admin/components/NeedsActionPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.needs-action';

export const meta: Route.MetaFunction = () => adminMeta('Needs action');

export default function AdminNeedsAction() {
  return <NeedsActionPage />;
}
