// Placeholder behind the sign-in guard; the place-order issue replaces this content.
import type { Route } from './+types/place-order';

export const meta: Route.MetaFunction = () => [{ title: 'Checkout | Rangrez' }, { name: 'robots', content: 'noindex' }];

export default function PlaceOrder() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-black tracking-tight">Checkout</h1>
    </section>
  );
}
