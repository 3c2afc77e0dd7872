import { DeliverySettingsPage } from '../features/admin/components/DeliverySettingsPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.settings.delivery';

export const meta: Route.MetaFunction = () => adminMeta('Delivery');

export default function AdminDeliverySettings() {
  return <DeliverySettingsPage />;
}
