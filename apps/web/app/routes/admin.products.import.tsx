import { ProductImportPage } from '../features/admin/components/ProductImportPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.products.import';

export const meta: Route.MetaFunction = () => adminMeta('Import products');

export default function AdminProductsImport() {
  return <ProductImportPage />;
}
