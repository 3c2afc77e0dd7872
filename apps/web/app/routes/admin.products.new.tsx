import { NewProductPage } from '../features/admin/components/ProductEditorPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.products.new';

export const meta: Route.MetaFunction = () => adminMeta('New product');

export default function AdminNewProduct() {
  return <NewProductPage />;
}
