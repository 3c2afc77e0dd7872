import { CodSettingsPage } from '../features/admin/components/CodSettingsPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.settings.cod';

export const meta: Route.MetaFunction = () => adminMeta('COD rules');

export default function AdminCodSettings() {
  return <CodSettingsPage />;
}
