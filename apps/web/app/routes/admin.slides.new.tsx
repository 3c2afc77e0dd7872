import { NewSlidePage } from '../features/admin/components/SlideEditorPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.slides.new';

export const meta: Route.MetaFunction = () => adminMeta('New slide');

export default function AdminSlidesNew() {
  return <NewSlidePage />;
}
