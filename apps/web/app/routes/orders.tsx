// Placeholder behind the sign-in guard; the orders issue replaces this content.
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = () => [{ title: 'My Orders | Rangrez' }, { name: 'robots', content: 'noindex' }];

export default function Orders() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-black tracking-tight">My Orders</h1>
    </section>
  );
}
