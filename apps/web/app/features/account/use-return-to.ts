import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { sanitizeReturnTo } from '../../lib/return-to';
import { useSession } from './session';

/** The sanitised returnTo of the current URL ('/' by default). */
export function useReturnTo(): string {
  const [params] = useSearchParams();
  return sanitizeReturnTo(params.get('returnTo'));
}

/**
 * Sign-in pages: once signed in (already, or by this page's form or Google button) go to returnTo,
 * replacing the sign-in page in history.
 */
export function useLeaveWhenSignedIn(returnTo: string): boolean {
  const { status } = useSession();
  const navigate = useNavigate();
  // Once: navigate's identity changes as the navigation starts, and a second call would abort the first
  // (and with it the target page's loaders).
  const left = useRef(false);
  useEffect(() => {
    if (status !== 'signedIn' || left.current) return;
    left.current = true;
    void navigate(returnTo, { replace: true });
  }, [status, returnTo, navigate]);
  return status === 'signedIn';
}
