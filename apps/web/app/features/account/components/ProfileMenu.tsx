// Desktop profile menu (docs/product/screens.md#shell): My Profile, Orders, Wishlist, Log Out; Login when signed out.
// Menu-button pattern (WAI-ARIA APG): Enter/Space/ArrowDown open on the first item, ArrowUp on the last,
// arrows move, Home/End jump, Escape closes and returns focus to the button, Tab closes.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginHref } from '../../../lib/return-to';
import { useSession } from '../session';
import { UserIcon } from './UserIcon';

const SIGNED_IN_LINKS = [
  { to: '/profile', label: 'My Profile' },
  { to: '/orders', label: 'Orders' },
  { to: '/wishlist', label: 'Wishlist' },
] as const;

export function ProfileMenu() {
  const { status, user, signOut } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const signedIn = status === 'signedIn' && user !== null;

  const items = signedIn
    ? [
        ...SIGNED_IN_LINKS.map((l) => ({ kind: 'link' as const, ...l })),
        { kind: 'logout' as const, label: 'Log Out', to: '' },
      ]
    : [{ kind: 'link' as const, label: 'Login', to: loginHref(`${location.pathname}${location.search}`) }];

  useEffect(() => {
    if (!open) return;
    const nodes = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    nodes?.[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // A navigation closes the menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  function openAt(index: number) {
    setFocusIndex(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = items.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (focusIndex >= last ? 0 : focusIndex + 1),
      ArrowUp: () => (focusIndex <= 0 ? last : focusIndex - 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setFocusIndex(move());
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  // Home first, then sign out: signing out on a guarded page would start the guard's redirect to the login
  // page at the same time.
  async function logOut() {
    close(false);
    await navigate('/');
    await signOut();
  }

  const label = signedIn ? `Account menu for ${user.firstName || user.email}` : 'Account menu';

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          // Keyboard activation is handled in onKeyDown (detail 0 is a keyboard "click").
          if (event.detail === 0) return;
          if (open) close(false);
          else openAt(0);
        }}
        onKeyDown={onButtonKeyDown}
        className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-black"
      >
        <UserIcon />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 top-full z-50 mt-2 min-w-48 rounded-lg border border-black/10 bg-white py-1 shadow-lg"
        >
          {signedIn ? (
            <p className="truncate border-b border-black/5 px-4 py-2 text-xs text-neutral-500" role="none">
              Welcome, {user.firstName || user.email}
            </p>
          ) : null}
          {items.map((item, index) =>
            item.kind === 'link' ? (
              <Link
                key={item.label}
                to={item.to}
                role="menuitem"
                tabIndex={index === focusIndex ? 0 : -1}
                onClick={() => setOpen(false)}
                onFocus={() => setFocusIndex(index)}
                className="block px-4 py-2 text-sm hover:bg-black/5 focus:bg-black/5 focus:outline-none"
              >
                {item.label}
              </Link>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={index === focusIndex ? 0 : -1}
                onClick={logOut}
                onFocus={() => setFocusIndex(index)}
                className="block w-full px-4 py-2 text-left text-sm hover:bg-black/5 focus:bg-black/5 focus:outline-none"
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
