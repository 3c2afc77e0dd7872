import { ProductsPage } from '../features/admin/components/ProductsPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.products';

export const meta: Route.MetaFunction = () => adminMeta('Products');

export default function AdminProducts() {
  return <ProductsPage />;
}
