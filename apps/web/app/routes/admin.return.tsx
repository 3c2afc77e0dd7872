import { ReturnPage } from '../features/admin/components/ReturnPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.return';

export const meta: Route.MetaFunction = () => adminMeta('Return');

export default function AdminReturn() {
  return <ReturnPage />;
}
