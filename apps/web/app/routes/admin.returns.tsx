import { ReturnsPage } from '../features/admin/components/ReturnsPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.returns';

export const meta: Route.MetaFunction = () => adminMeta('Returns');

export default function AdminReturns() {
  return <ReturnsPage />;
}
