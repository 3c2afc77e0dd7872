import { ProfilePage } from '../features/account/components/ProfilePage';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = () => [{ title: 'My Profile | Rangrez' }, { name: 'robots', content: 'noindex' }];

export default function Profile() {
  return <ProfilePage />;
}
