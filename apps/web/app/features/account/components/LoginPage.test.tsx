// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@rangrez/contract/errors';
import { authSessionResponseSchema, googleConfigResponseSchema } from '@rangrez/contract/schemas';
import { apiResponse } from '../../../lib/test-helpers';
import { SessionProvider } from '../session';
import { SessionStore } from '../session-store';
import { makeSession } from '../test-helpers';
import { LoginPage } from './LoginPage';

let loginAnswer: () => Response;
let store: SessionStore;

function renderLogin(url = '/login?returnTo=%2Fprofile') {
  const Stub = createRoutesStub([
    { path: '/login', Component: LoginPage },
    { path: '/profile', Component: () => <h1>Profile page</h1> },
    { path: '/', Component: () => <h1>Home page</h1> },
  ]);
  return render(
    <SessionProvider store={store}>
      <Stub initialEntries={[url]} />
    </SessionProvider>,
  );
}

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
// Lets the mocked fetch answer and React settle.
const flush = () => act(async () => {});

async function typeAndSubmit(emailValue: string, passwordValue: string) {
  fireEvent.change(email(), { target: { value: emailValue } });
  fireEvent.change(password(), { target: { value: passwordValue } });
  submit();
  await flush();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2025-06-01T10:00:00Z'));
  localStorage.clear();
  store = new SessionStore({
    storage: () => localStorage,
    refreshCall: vi.fn(),
    logoutCall: vi.fn(async () => undefined),
  });
  loginAnswer = () => apiResponse(errorResponseSchema, { success: false, message: 'Invalid password' }, 401);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/auth/google/config'))
        return apiResponse(googleConfigResponseSchema, { enabled: false, clientId: null, authUrl: null });
      if (url.endsWith('/login')) return loginAnswer();
      return apiResponse(errorResponseSchema, { success: false, message: 'Not found' }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LoginPage', () => {
  it('shows the field messages, links them to the inputs and focuses the first invalid field', async () => {
    renderLogin();
    submit();
    await flush();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe('login-email-error');
    expect(document.activeElement).toBe(email());

    await typeAndSubmit('asha@', '12345');
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).endsWith('/login'))).toBe(false);
  });

  it.each([
    ['User not found', 'No account found with this email.'],
    ['Invalid password', 'Incorrect password.'],
    ['Too many login attempts from this address', 'Too many login attempts. Please try again later.'],
    ['Something else', 'Failed to log in. Please check your credentials.'],
  ])('maps the server message %s to %s', async (serverMessage, shown) => {
    loginAnswer = () => apiResponse(errorResponseSchema, { success: false, message: serverMessage }, 401);
    renderLogin();
    await typeAndSubmit('asha@example.in', 'secret1');
    expect(screen.getByRole('alert').textContent).toBe(shown);
  });

  it('toggles the password visibility with a labelled button', () => {
    renderLogin();
    expect(password().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().type).toBe('password');
  });

  it('locks after 5 failures with a live countdown that survives a reload, then lifts', async () => {
    const view = renderLogin();
    for (let i = 0; i < 4; i++) await typeAndSubmit('asha@example.in', 'wrong-password');
    expect(screen.getByRole('alert').textContent).toBe('Incorrect password.');
    await typeAndSubmit('asha@example.in', 'wrong-password');
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many login attempts. Please try again in 5:00 minutes.',
    );
    expect(email().disabled).toBe(true);
    expect(password().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many login attempts. Please try again in 3:59 minutes.',
    );

    // A reload keeps the lock and its remaining time.
    view.unmount();
    renderLogin();
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many login attempts. Please try again in 3:59 minutes.',
    );

    act(() => vi.advanceTimersByTime(239_000));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(email().disabled).toBe(false);
    // The count started again: one more failure does not lock.
    await typeAndSubmit('asha@example.in', 'wrong-password');
    expect(screen.getByRole('alert').textContent).toBe('Incorrect password.');
  });

  it('signs in, resets the failure count and goes to returnTo', async () => {
    renderLogin();
    for (let i = 0; i < 4; i++) await typeAndSubmit('asha@example.in', 'wrong-password');
    loginAnswer = () => apiResponse(authSessionResponseSchema, makeSession());
    await typeAndSubmit('asha@example.in', 'right-password');
    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeTruthy();
    expect(store.getSnapshot().status).toBe('signedIn');
    expect(localStorage.getItem('loginFailures')).toBeNull();
  });

  it('sends an already signed-in user straight to returnTo, never to another site', async () => {
    store.signIn(makeSession());
    renderLogin('/login?returnTo=%2F%2Fevil.example');
    await flush();
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
  });
});
