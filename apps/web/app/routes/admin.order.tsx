import { OrderPage } from '../features/admin/components/OrderPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.order';

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Order ${params.orderId}`);

export default function AdminOrder({ params }: Route.ComponentProps) {
  // A new order id is a new page: its dialogs and notices start afresh.
  return <OrderPage key={params.orderId} orderId={params.orderId} />;
}
