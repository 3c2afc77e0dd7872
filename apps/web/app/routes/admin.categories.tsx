import { CategoriesPage } from '../features/admin/components/CategoriesPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.categories';

export const meta: Route.MetaFunction = () => adminMeta('Categories');

export default function AdminCategories() {
  return <CategoriesPage />;
}
