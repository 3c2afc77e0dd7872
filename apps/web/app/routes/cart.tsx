// /cart behind the sign-in guard (docs/product/screens.md#cart-drawer-and-cart-page).
import { CartPage } from '../features/cart/components/CartPage';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => [
  { title: 'Your Cart | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function Cart() {
  return <CartPage />;
}
