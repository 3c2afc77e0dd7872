import { SettingsPage } from '../features/admin/components/SettingsPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.settings';

export const meta: Route.MetaFunction = () => adminMeta('Settings');

export default function AdminSettings() {
  return <SettingsPage />;
}
