// /wishlist behind the sign-in guard (spec §2).
import { WishlistPage } from '../features/wishlist/components/WishlistPage';
import type { Route } from './+types/wishlist';

export const meta: Route.MetaFunction = () => [
  { title: 'My Wishlist | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function Wishlist() {
  return <WishlistPage />;
}
