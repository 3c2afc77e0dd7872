import { OrdersPage } from '../features/admin/components/OrdersPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.orders';

export const meta: Route.MetaFunction = () => adminMeta('Orders');

export default function AdminOrders() {
  return <OrdersPage />;
}
