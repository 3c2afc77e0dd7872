// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@rangrez/contract/errors';
import {
  authSessionResponseSchema,
  googleConfigResponseSchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import { apiResponse } from '../../../lib/test-helpers';
import { SessionProvider } from '../session';
import { SessionStore } from '../session-store';
import { makeSession } from '../test-helpers';
import { SignupPage } from './SignupPage';

const OFFER = { enabled: true, percent: 20, cap: 300, minSubtotal: 0 };
const CONSENT = 'Send me new drops and offers. Unsubscribe any time.';
let calls: Array<{ path: string; body: unknown }>;
const flush = () => act(async () => {});

function renderSignup(offer: typeof OFFER | null) {
  const store = new SessionStore({
    storage: () => localStorage,
    refreshCall: vi.fn(),
    logoutCall: vi.fn(async () => undefined),
  });
  const Stub = createRoutesStub([
    { path: '/signup', Component: () => <SignupPage welcomeOffer={offer} /> },
    { path: '/', Component: () => <h1>Home page</h1> },
  ]);
  return render(
    <SessionProvider store={store}>
      <Stub initialEntries={['/signup']} />
    </SessionProvider>,
  );
}

async function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ira' } });
  fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Menon' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ira@example.in' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Str0ng!pass' } });
  fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '9876543210' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  await flush();
}

beforeEach(() => {
  localStorage.clear();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^\/api\/v1/, '');
      calls.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (path === '/auth/google/config')
        return apiResponse(googleConfigResponseSchema, { enabled: false, clientId: null, authUrl: null });
      if (path === '/signup') return apiResponse(authSessionResponseSchema, makeSession(), 201);
      if (path === '/newsletter/subscribe')
        return apiResponse(successMessageResponseSchema, { success: true, message: 'Almost there!' });
      return apiResponse(errorResponseSchema, { success: false, message: 'Not found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const posts = () => calls.filter((c) => c.path !== '/auth/google/config');

describe('SignupPage and the welcome offer', () => {
  it('subscribes the new account’s e-mail when the box is ticked, then signs in', async () => {
    renderSignup(OFFER);
    expect(
      screen.getByText(
        'Get 20% off your first order: we e-mail your welcome code once you confirm your address.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByLabelText(CONSENT));
    await fillAndSubmit();
    expect(posts().map((c) => c.path)).toEqual(['/signup', '/newsletter/subscribe']);
    expect(posts()[1]?.body).toEqual({ email: 'ira@example.in', consent: true, source: 'signup' });
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it('subscribes nobody when the box is left unticked', async () => {
    renderSignup(OFFER);
    await fillAndSubmit();
    expect(posts().map((c) => c.path)).toEqual(['/signup']);
  });

  it('shows no box while the offer is off', () => {
    renderSignup({ ...OFFER, enabled: false });
    expect(screen.queryByLabelText(CONSENT)).toBeNull();
  });
});
