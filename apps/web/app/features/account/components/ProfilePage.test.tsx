// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@rangrez/contract/errors';
import { apiResponse } from '../../../lib/test-helpers';
import { type User, addressesResponseSchema, userResponseSchema } from '@rangrez/contract/schemas';
import { SessionProvider } from '../session';
import { SessionStore, type SessionStoreDeps } from '../session-store';
import { makeSession, makeUser } from '../test-helpers';
import { ProfilePage } from './ProfilePage';

let store: SessionStore;
let serverUser: User;
let updateAnswer: (body: Record<string, unknown>) => Response;
const sentBodies: unknown[] = [];

function renderProfile() {
  const Stub = createRoutesStub([{ path: '/profile', Component: () => <ProfilePage /> }]);
  return render(
    <SessionProvider store={store}>
      <Stub initialEntries={['/profile']} />
    </SessionProvider>,
  );
}
const flush = () => act(async () => {});
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  localStorage.clear();
  sentBodies.length = 0;
  serverUser = makeUser({ firstName: 'Asha (server)' });
  updateAnswer = (body) => {
    const { address, ...rest } = body as Partial<User>;
    serverUser = { ...serverUser, ...rest, address: { ...serverUser.address, ...address } };
    return apiResponse(userResponseSchema, {
      success: true,
      user: serverUser,
      message: 'Profile updated successfully!',
    });
  };
  store = new SessionStore({
    storage: () => localStorage,
    refreshCall: vi.fn<SessionStoreDeps['refreshCall']>(),
    logoutCall: vi.fn<SessionStoreDeps['logoutCall']>(async () => undefined),
  });
  store.signIn(makeSession());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'PUT' && url === '/api/v1/user/update/u1') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sentBodies.push(body);
        return updateAnswer(body);
      }
      if (url === '/api/v1/user/u1')
        return apiResponse(userResponseSchema, { success: true, user: serverUser });
      // The address book (its own tests: SavedAddresses.test.tsx).
      if (url === '/api/v1/addresses')
        return apiResponse(addressesResponseSchema, { success: true, addresses: [], message: 'ok' });
      return apiResponse(errorResponseSchema, { success: false, message: 'Not found' }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ProfilePage', () => {
  it('loads the current user from the server and shows it read-only', async () => {
    renderProfile();
    await flush();
    expect(screen.getByText('Asha (server) Verma')).toBeTruthy();
    expect(store.getSnapshot().user?.firstName).toBe('Asha (server)');
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('saves only the changed fields, shows the success message for 3 s, then returns to read mode', async () => {
    renderProfile();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(input('Email').readOnly).toBe(true);
    fireEvent.change(input('Phone'), { target: { value: '+91 99887 76655' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Delhi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await flush();
    expect(sentBodies).toEqual([{ phone: '+91 99887 76655', address: { state: 'Delhi' } }]);
    expect(screen.getByRole('status').textContent).toBe('Profile updated successfully!');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Profile updated successfully!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Profile updated successfully!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('shows a phone left in another form as its national number and strips the PIN code to 6 digits', async () => {
    renderProfile();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(input('Phone'), { target: { value: '+91 98765-43210' } });
    expect(input('Phone').value).toBe('+91 98765-43210');
    fireEvent.blur(input('Phone'));
    expect(input('Phone').value).toBe('9876543210');
    fireEvent.change(input('Phone'), { target: { value: '+44 20 7946 0958' } });
    fireEvent.blur(input('Phone'));
    expect(input('Phone').value).toBe('+44 20 7946 0958');
    expect(input('Pincode').maxLength).toBe(-1);
    fireEvent.change(input('Pincode'), { target: { value: '0a1234567' } });
    expect(input('Pincode').value).toBe('012345');
  });

  it('checks names and avatar before sending, focusing the field', async () => {
    renderProfile();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(input('Last Name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('First name and last name are required');
    expect(document.activeElement).toBe(input('Last Name'));
    expect(input('Last Name').getAttribute('aria-describedby')).toBe('profile-lastName-error');
    fireEvent.change(input('Last Name'), { target: { value: 'Verma' } });
    fireEvent.change(input('Avatar URL'), { target: { value: 'avatar.png' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid avatar URL');
    expect(sentBodies).toEqual([]);
  });

  it.each([
    ['Phone already in use', 'Phone already in use'],
    ['', 'Failed to update profile. Please try again.'],
  ])('shows the server message %j as %j', async (serverMessage, shown) => {
    updateAnswer = () => apiResponse(errorResponseSchema, { success: false, message: serverMessage }, 409);
    renderProfile();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(input('City'), { target: { value: 'Mumbai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(shown);
    expect(store.getSnapshot().status).toBe('signedIn');
  });

  it('on "Session expired" says so and signs out after 2 s', async () => {
    updateAnswer = () =>
      apiResponse(
        errorResponseSchema,
        { success: false, message: 'Session expired. Please login again.' },
        403,
      );
    renderProfile();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(input('City'), { target: { value: 'Mumbai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Your session has expired. Please log in again.');
    await act(async () => vi.advanceTimersByTime(1999));
    expect(store.getSnapshot().status).toBe('signedIn');
    await act(async () => vi.advanceTimersByTime(1));
    expect(store.getSnapshot().status).toBe('signedOut');
    expect(screen.getByRole('heading', { name: 'Please Log In to View Profile' })).toBeTruthy();
  });
});
