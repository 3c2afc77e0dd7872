import { BackInStockPage } from '../features/admin/components/BackInStockPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.back-in-stock';

export const meta: Route.MetaFunction = () => adminMeta('Back-in-stock requests');

export default function AdminBackInStock() {
  return <BackInStockPage />;
}
