// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import { adminSessionResponseSchema } from '@rangrez/contract/schemas/admin';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { adminToken } from '../api';
import { type FakeCall, errorAnswer, fakeAdminApi, makeStaff } from '../test-helpers';
import { AdminLoginPage } from './AdminLoginPage';

const signedIn = () =>
  apiResponse(adminSessionResponseSchema, { accessToken: 'staff-token-1', staff: makeStaff('owner') });

let answers: Array<(call: FakeCall) => Response>;
let calls: FakeCall[];

function renderLogin(url = '/admin/login?returnTo=%2Fadmin%2Fstaff') {
  const Stub = createRoutesStub([
    { path: '/admin/login', Component: AdminLoginPage },
    { path: '/admin/staff', Component: () => <h1>Staff page</h1> },
    { path: '/admin', Component: () => <h1>Dashboard</h1> },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const flush = () => act(async () => {});

async function submit(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await flush();
}

beforeEach(() => {
  sessionStorage.clear();
  answers = [];
  calls = fakeAdminApi((call) => {
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${call.method} ${call.path}`);
    return next(call);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminLoginPage', () => {
  it('shows the schema’s messages by the fields and calls nothing', async () => {
    renderLogin();
    await submit({ Email: 'asha@' });
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('signs in with e-mail and password, keeps the token in this tab and goes back to returnTo', async () => {
    answers.push(signedIn);
    renderLogin();
    await submit({ Email: 'Owner@Rangrez.TEST', Password: 'correct horse 1A' });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/session',
        body: { email: 'owner@rangrez.test', password: 'correct horse 1A' },
        authorization: null,
      },
    ]);
    expect(adminToken()).toBe('staff-token-1');
    expect(screen.getByRole('heading', { name: 'Staff page' })).toBeTruthy();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });

  it('asks for the code when the server does, focuses it, and sends it with the password', async () => {
    answers.push(() => errorAnswer(STAFF_MESSAGES.totpRequired, 401));
    renderLogin();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await submit({ Email: 'owner@rangrez.test', Password: 'correct horse 1A' });

    const code = field('Authentication code');
    // react-hook-form moves focus on the next tick.
    await waitFor(() => expect(document.activeElement).toBe(code));
    // The server's words are the field's description, not an error.
    expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toContain(
      STAFF_MESSAGES.totpRequired,
    );
    expect(screen.queryByRole('alert')).toBeNull();

    answers.push(() => errorAnswer(STAFF_MESSAGES.totpInvalid, 401));
    await submit({ 'Authentication code': '000000' });
    expect(screen.getByRole('alert').textContent).toBe(STAFF_MESSAGES.totpInvalid);
    expect(field('Authentication code').value).toBe('');

    // A recovery code goes in the same field.
    answers.push(signedIn);
    await submit({ 'Authentication code': 'k7f3-9qp2' });
    expect(calls.at(-1)?.body).toEqual({
      email: 'owner@rangrez.test',
      password: 'correct horse 1A',
      totp: 'k7f3-9qp2',
    });
    expect(screen.getByRole('heading', { name: 'Staff page' })).toBeTruthy();
  });

  it.each([
    [401, STAFF_MESSAGES.invalidCredentials],
    [403, STAFF_MESSAGES.disabled],
    [429, 'Too many login attempts. Please try again later.'],
  ])('announces the server’s %i answer as it is', async (status, message) => {
    answers.push(() => errorAnswer(message, status));
    renderLogin();
    await submit({ Email: 'owner@rangrez.test', Password: 'wrong password' });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(adminToken()).toBeNull();
  });

  it('never returns to a page outside the back office', async () => {
    answers.push(signedIn);
    renderLogin('/admin/login?returnTo=%2F%2Fevil.example');
    await submit({ Email: 'owner@rangrez.test', Password: 'correct horse 1A' });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});
