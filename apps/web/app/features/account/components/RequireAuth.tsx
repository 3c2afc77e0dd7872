// Route guard (docs/product/screens.md#route-guard): a spinner while the session loads (always on the server,
// where there is no session), then /login?returnTo={current path} (replacing history) for a signed-out user.
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../session';
import { Spinner } from './FormField';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const target = loginHref(`${location.pathname}${location.search}${location.hash}`);

  // Once per target: navigate's identity changes as the navigation starts.
  const sentTo = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'signedOut' || sentTo.current === target) return;
    sentTo.current = target;
    void navigate(target, { replace: true });
  }, [status, target, navigate]);

  if (status !== 'signedIn') return <Spinner label="Loading your session" />;
  return <>{children}</>;
}
