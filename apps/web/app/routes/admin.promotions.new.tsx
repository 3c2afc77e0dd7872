import { NewPromotionPage } from '../features/admin/components/PromotionEditorPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.promotions.new';

export const meta: Route.MetaFunction = () => adminMeta('New promotion');

export default function AdminPromotionsNew() {
  return <NewPromotionPage />;
}
