// /place-order, behind the sign-in guard (docs/product/screens.md#route-guard).
import { CheckoutPage } from '../features/checkout/components/CheckoutPage';
import type { Route } from './+types/place-order';

export const meta: Route.MetaFunction = () => [
  { title: 'Checkout | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function PlaceOrder() {
  return <CheckoutPage />;
}
