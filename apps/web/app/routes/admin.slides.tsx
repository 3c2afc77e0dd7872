import { SlidesPage } from '../features/admin/components/SlidesPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.slides';

export const meta: Route.MetaFunction = () => adminMeta('Slides');

export default function AdminSlides() {
  return <SlidesPage />;
}
