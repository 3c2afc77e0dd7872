// /wishlist behind the sign-in guard (docs/product/screens.md#wishlist-page).
import { WishlistPage } from '../features/wishlist/components/WishlistPage';
import type { Route } from './+types/wishlist';

export const meta: Route.MetaFunction = () => [
  { title: 'My Wishlist | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function Wishlist() {
  return <WishlistPage />;
}
