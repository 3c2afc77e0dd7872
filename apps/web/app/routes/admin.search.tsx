import { SearchPage } from '../features/admin/components/SearchPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.search';

export const meta: Route.MetaFunction = () => adminMeta('Search');

export default function AdminSearch() {
  return <SearchPage />;
}
