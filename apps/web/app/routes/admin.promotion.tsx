import { PromotionEditorPage } from '../features/admin/components/PromotionEditorPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.promotion';

export const meta: Route.MetaFunction = () => adminMeta('Promotion');

export default function AdminPromotion({ params }: Route.ComponentProps) {
  // Keyed by the promotion: another promotion's page starts from its own state.
  return <PromotionEditorPage key={params.id} id={params.id} />;
}
