import { Link } from 'react-router';
import { ProfilePage } from '../features/account/components/ProfilePage';
import { useSession } from '../features/account/session';
import { OrdersList } from '../features/orders/components/OrdersList';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = () => [
  { title: 'My Profile | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function Profile() {
  return <ProfilePage ordersPanel={<ProfileOrders />} />;
}

/** The profile's orders panel: the same list and data as /orders. */
function ProfileOrders() {
  const { user } = useSession();
  return (
    <>
      <OrdersList userId={user?._id} compact />
      <Link to="/orders" className="mt-4 inline-block text-sm font-semibold underline">
        View all orders
      </Link>
    </>
  );
}
