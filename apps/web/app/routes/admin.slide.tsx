import { SlideEditorPage } from '../features/admin/components/SlideEditorPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.slide';

export const meta: Route.MetaFunction = () => adminMeta('Slide');

export default function AdminSlide({ params }: Route.ComponentProps) {
  // Keyed by the slide: another slide's page starts from its own state.
  return <SlideEditorPage key={params.id} id={params.id} />;
}
