import { SubscribersPage } from '../features/admin/components/SubscribersPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.subscribers';

export const meta: Route.MetaFunction = () => adminMeta('Subscribers');

export default function AdminSubscribers() {
  return <SubscribersPage />;
}
