// Placeholder behind the sign-in guard; the cart issue replaces this content.
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => [{ title: 'Your Cart | Rangrez' }, { name: 'robots', content: 'noindex' }];

export default function Cart() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-black tracking-tight">Your Cart</h1>
    </section>
  );
}
