// Content of the mobile profile sheet (docs/product/screens.md#shell). The shell owns the sheet itself
// (open/close, focus trap); `onNavigate` closes it when a link or Logout is chosen.
import { Link, useLocation, useNavigate } from 'react-router';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../session';
import { UserIcon } from './UserIcon';

const SIGNED_IN_LINKS = [
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/orders', label: 'My Orders' },
  { to: '/profile', label: 'My Profile' },
  { to: '/about', label: 'About us' },
  { to: '/contact', label: 'Contact us' },
] as const;

const GUEST_LINKS = [
  { to: '/about', label: 'About us' },
  { to: '/contact', label: 'Contact us' },
] as const;

const linkClass =
  'flex w-full items-center rounded-lg px-4 py-3 text-left text-base font-medium hover:bg-black/5';

export function ProfileSheet({ onNavigate }: { onNavigate: () => void }) {
  const { status, user, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = status === 'signedIn' && user !== null;

  // Home first, then sign out: signing out on a guarded page would start the guard's redirect to the login
  // page at the same time.
  async function logOut() {
    onNavigate();
    await navigate('/');
    await signOut();
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 px-4">
        <span className="flex h-11 w-11 items-center justify-center rounded-full bg-black/5">
          <UserIcon />
        </span>
        <p className="min-w-0 truncate text-lg font-bold">
          {signedIn ? `Welcome, ${user.firstName || user.email}` : 'Welcome'}
        </p>
      </div>
      <nav aria-label="Account">
        <ul className="flex flex-col">
          {signedIn ? null : (
            <li>
              <Link
                to={loginHref(`${location.pathname}${location.search}`)}
                onClick={onNavigate}
                className={`${linkClass} font-bold`}
              >
                Sign In
              </Link>
            </li>
          )}
          {(signedIn ? SIGNED_IN_LINKS : GUEST_LINKS).map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={onNavigate} className={linkClass}>
                {link.label}
              </Link>
            </li>
          ))}
          {signedIn ? (
            <li>
              <button type="button" onClick={logOut} className={`${linkClass} text-red-700`}>
                Logout
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
    </div>
  );
}
