// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../session';
import { SessionStore, type SessionStoreDeps } from '../session-store';
import { makeSession, makeUser } from '../test-helpers';
import { ProfileMenu } from './ProfileMenu';
import { ProfileSheet } from './ProfileSheet';
import { RequireAuth } from './RequireAuth';

let store: SessionStore;
let logoutCall: ReturnType<typeof vi.fn<SessionStoreDeps['logoutCall']>>;

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string, element: React.ReactNode) {
  const Page = () => (
    <>
      {element}
      <Where />
    </>
  );
  const Stub = createRoutesStub([
    { path: '/collection/men/hoodie', Component: Page },
    { path: '/', Component: Page },
    { path: '/login', Component: Page },
    {
      path: '/profile',
      Component: () => (
        <RequireAuth>
          <h1>Profile page</h1>
        </RequireAuth>
      ),
    },
    { path: '*', Component: Page },
  ]);
  return render(
    <SessionProvider store={store}>
      <Stub initialEntries={[url]} />
    </SessionProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  localStorage.clear();
  logoutCall = vi.fn<SessionStoreDeps['logoutCall']>(async () => undefined);
  store = new SessionStore({ storage: () => localStorage, refreshCall: vi.fn(), logoutCall });
});
afterEach(cleanup);

describe('ProfileMenu', () => {
  it('offers Login with the current path as returnTo when signed out', () => {
    renderAt('/collection/men/hoodie', <ProfileMenu />);
    const button = screen.getByRole('button', { name: 'Account menu' });
    fireEvent.keyDown(button, { key: 'Enter' });
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Login']);
    expect(items[0]?.getAttribute('href')).toBe('/login?returnTo=%2Fcollection%2Fmen%2Fhoodie');
  });

  it('is keyboard usable: opens on Enter, arrows move, Escape closes and returns focus', () => {
    store.signIn(makeSession());
    renderAt('/', <ProfileMenu />);
    const button = screen.getByRole('button', { name: 'Account menu for Asha' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(button, { key: 'Enter' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['My Profile', 'Orders', 'Wishlist', 'Log Out']);
    expect(screen.getByText('Welcome, Asha')).toBeTruthy();
    expect(document.activeElement).toBe(items[0]);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Orders');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Log Out');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('My Profile');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: ' ' });
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('logs out: the session is cleared and revoked', async () => {
    store.signIn(makeSession());
    renderAt('/collection/men/hoodie', <ProfileMenu />);
    fireEvent.keyDown(screen.getByRole('button', { name: /Account menu/ }), { key: 'Enter' });
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Log Out' })));
    expect(store.getSnapshot().status).toBe('signedOut');
    expect(logoutCall).toHaveBeenCalledWith({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(where()).toBe('/');
  });
});

describe('ProfileSheet', () => {
  it('welcomes a signed-in user by first name, else by e-mail, and lists the account links', () => {
    store.signIn(makeSession());
    const onNavigate = vi.fn();
    renderAt('/', <ProfileSheet onNavigate={onNavigate} />);
    expect(screen.getByText('Welcome, Asha')).toBeTruthy();
    const names = [...screen.getAllByRole('link'), ...screen.getAllByRole('button')].map(
      (e) => e.textContent,
    );
    expect(names).toEqual(['Wishlist', 'My Orders', 'My Profile', 'About us', 'Contact us', 'Logout']);
    fireEvent.click(screen.getByRole('link', { name: 'My Orders' }));
    expect(onNavigate).toHaveBeenCalled();
    expect(where()).toBe('/orders');
    cleanup();

    store.updateUser(makeUser({ firstName: '' }));
    renderAt('/', <ProfileSheet onNavigate={onNavigate} />);
    expect(screen.getByText('Welcome, asha@example.in')).toBeTruthy();
  });

  it('offers guests Sign In plus About and Contact', () => {
    renderAt('/collection/men/hoodie', <ProfileSheet onNavigate={() => undefined} />);
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Sign In', 'About us', 'Contact us']);
    expect(links[0]?.getAttribute('href')).toBe('/login?returnTo=%2Fcollection%2Fmen%2Fhoodie');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});

describe('RequireAuth', () => {
  it('sends a signed-out user to /login with the path as returnTo, replacing history', async () => {
    renderAt('/profile', null);
    await act(async () => {});
    expect(where()).toBe('/login?returnTo=%2Fprofile');
  });

  it('shows the page to a signed-in user', () => {
    store.signIn(makeSession());
    renderAt('/profile', null);
    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeTruthy();
  });
});
