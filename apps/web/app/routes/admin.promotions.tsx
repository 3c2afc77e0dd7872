import { PromotionsPage } from '../features/admin/components/PromotionsPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.promotions';

export const meta: Route.MetaFunction = () => adminMeta('Promotions');

export default function AdminPromotions() {
  return <PromotionsPage />;
}
