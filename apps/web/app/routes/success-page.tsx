// /successPage/{qikinkOrderId}, behind the sign-in guard: shown after an order (docs/product/screens.md#success-page).
import { useLocation, useParams } from 'react-router';
import { useSession } from '../features/account/session';
import { OrderSuccess, readSuccessState } from '../features/orders/components/OrderSuccess';
import type { Route } from './+types/success-page';

export const meta: Route.MetaFunction = () => [
  { title: 'Order Successful | Rangrez' },
  { name: 'robots', content: 'noindex' },
];

export default function SuccessPage() {
  const { qikinkOrderId = '' } = useParams();
  const location = useLocation();
  const { user } = useSession();
  return (
    <OrderSuccess
      qikinkOrderId={qikinkOrderId}
      placed={readSuccessState(location.state, qikinkOrderId)}
      userId={user?._id}
    />
  );
}
