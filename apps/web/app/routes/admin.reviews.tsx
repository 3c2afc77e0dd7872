import { ReviewsPage } from '../features/admin/components/ReviewsPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.reviews';

export const meta: Route.MetaFunction = () => adminMeta('Reviews');

export default function AdminReviews() {
  return <ReviewsPage />;
}
