// @vitest-environment happy-dom
// The forgotten-password page and the profile's change-password form (docs/accounts.md#passwords): the checks
// before sending, what is sent, and the server's words shown as they come.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@rangrez/contract/errors';
import { successMessageResponseSchema } from '@rangrez/contract/schemas';
import { apiResponse } from '../../../lib/test-helpers';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ForgotPasswordPage } from './ForgotPasswordPage';

let answer: () => Response;
const sent: Array<{ url: string; body: unknown }> = [];
const flush = () => act(async () => {});

function renderAt(Component: () => ReactNode) {
  const Stub = createRoutesStub([{ path: '/', Component }]);
  return render(<Stub initialEntries={['/']} />);
}

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init?.body ?? 'null')) });
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ForgotPasswordPage', () => {
  it('checks the address, sends it, and shows the same answer for any address', async () => {
    answer = () =>
      apiResponse(successMessageResponseSchema, {
        success: true,
        message: 'If an account exists for this e-mail, we have sent a link.',
      });
    renderAt(ForgotPasswordPage);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByRole('alert').textContent).toBe('Email is required');
    expect(document.activeElement).toBe(email);
    expect(sent).toEqual([]);

    fireEvent.change(email, { target: { value: ' asha@example.in ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await flush();
    expect(sent).toEqual([{ url: '/api/v1/password/forgot', body: { email: 'asha@example.in' } }]);
    expect(screen.getByRole('status').textContent).toBe(
      'If an account exists for this e-mail, we have sent a link.',
    );
  });
});

describe('ChangePasswordForm', () => {
  it("asks for the current password and sign-up's strength before sending", async () => {
    answer = () =>
      apiResponse(successMessageResponseSchema, {
        success: true,
        message: 'Your password has been changed.',
      });
    renderAt(ChangePasswordForm);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));

    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Old-Pass-1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abcdefgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Password must be stronger')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'New-Pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await flush();
    expect(sent).toEqual([
      { url: '/api/v1/password/change', body: { currentPassword: 'Old-Pass-1', password: 'New-Pass-2' } },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Your password has been changed.');
  });

  it("shows the server's refusal of a wrong current password", async () => {
    answer = () =>
      apiResponse(errorResponseSchema, { success: false, message: 'Current password is incorrect' }, 400);
    renderAt(ChangePasswordForm);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Not-It-1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'New-Pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Current password is incorrect');
  });
});
