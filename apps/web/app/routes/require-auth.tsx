// Layout route for the pages that need a signed-in user (spec §2, §6).
import { Outlet } from 'react-router';
import { RequireAuth } from '../features/account/components/RequireAuth';

export default function RequireAuthLayout() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
