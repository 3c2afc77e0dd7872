// An invitation's link: /admin/accept-invitation#<token>. Client-rendered: only the browser sees the fragment.
import { AcceptInvitationPage } from '../features/admin/components/AcceptInvitationPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin.accept-invitation';

export const meta: Route.MetaFunction = () => adminMeta('Accept invitation');

export function clientLoader() {
  return null;
}

export default function AdminAcceptInvitation() {
  return <AcceptInvitationPage />;
}
