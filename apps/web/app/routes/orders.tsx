// /orders, behind the sign-in guard (docs/product/screens.md#orders-page).
import { useSession } from '../features/account/session';
import { OrdersList } from '../features/orders/components/OrdersList';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = () => [
  { title: 'My Orders | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function Orders() {
  const { user } = useSession();
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-black tracking-tight">My Orders</h1>
      <OrdersList userId={user?._id} />
    </section>
  );
}
