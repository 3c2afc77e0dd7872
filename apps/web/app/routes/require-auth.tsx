// Layout route for the pages that need a signed-in user (docs/product/screens.md#route-guard).
import { Outlet } from 'react-router';
import { RequireAuth } from '../features/account/components/RequireAuth';

export default function RequireAuthLayout() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
