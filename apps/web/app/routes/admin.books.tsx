import { BooksPage } from '../features/admin/components/BooksPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.books';

export const meta: Route.MetaFunction = () => adminMeta('Books');

export default function AdminBooks() {
  return <BooksPage />;
}
