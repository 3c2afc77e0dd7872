import { ProductEditorPage } from '../features/admin/components/ProductEditorPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.product';

export const meta: Route.MetaFunction = () => adminMeta('Product');

export default function AdminProduct({ params }: Route.ComponentProps) {
  // Keyed by the product: another product's page (after Duplicate) starts from its own state.
  return <ProductEditorPage key={params.id} id={params.id} />;
}
