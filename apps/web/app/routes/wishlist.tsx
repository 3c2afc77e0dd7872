// Placeholder behind the sign-in guard; the wishlist issue replaces this content.
import type { Route } from './+types/wishlist';

export const meta: Route.MetaFunction = () => [{ title: 'My Wishlist | Rangrez' }, { name: 'robots', content: 'noindex' }];

export default function Wishlist() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-black tracking-tight">My Wishlist</h1>
    </section>
  );
}
