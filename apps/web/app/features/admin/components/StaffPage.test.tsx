// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import {
  auditListResponseSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
} from '@rangrez/contract/schemas/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { adminToken, saveAdminToken } from '../api';
import {
  type FakeCall,
  errorAnswer,
  fakeAdminApi,
  makeAuditEntry,
  makeMember,
  makeStaff,
  renderInSession,
} from '../test-helpers';
import { StaffPage } from './StaffPage';

const meera = makeMember();
let inviteAnswer: (call: FakeCall) => Response;
let calls: FakeCall[];
const flush = () => act(async () => {});
const invites = () => calls.filter((c) => c.method === 'POST' && c.path === '/staff');

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  inviteAnswer = (call) =>
    apiResponse(
      staffMemberResponseSchema,
      { staff: makeMember({ ...(call.body as object), status: 'invited' }) },
      201,
    );
  calls = fakeAdminApi((call) => {
    if (call.method === 'GET' && call.path === '/staff')
      return apiResponse(staffListResponseSchema, { staff: [meera] });
    if (call.method === 'POST' && call.path === '/staff') return inviteAnswer(call);
    if (call.method === 'GET' && call.path === `/staff/${meera._id}/timeline`)
      return apiResponse(auditListResponseSchema, {
        entries: [
          makeAuditEntry(3, {
            action: 'staff.update',
            entityType: 'staff',
            entityId: meera._id,
            before: { role: 'ops' },
            after: { role: 'catalogue' },
          }),
        ],
        nextBefore: null,
      });
    if (call.method === 'PATCH') return errorAnswer(STAFF_MESSAGES.lastOwner, 409);
    throw new Error(`unexpected call ${call.method} ${call.path}`);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function invite(email: string, role?: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  if (role) fireEvent.change(screen.getByLabelText('Role'), { target: { value: role } });
  fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
  await flush();
}

describe('StaffPage', () => {
  it('lists the members with their role, status, two-factor sign-in and last sign-in', async () => {
    renderInSession(StaffPage, makeStaff('owner'));
    await flush();
    const item = within(screen.getByRole('list', { name: 'Staff members' })).getByRole('listitem');
    expect(item.textContent).toContain('meera@rangrez.test');
    expect(item.textContent).toContain('Catalogue');
    expect(item.textContent).toContain('Active');
    expect(item.textContent).toContain('Off');
    expect(item.textContent).toContain('Never');
    expect(calls[0]?.authorization).toBe('Bearer staff-token-1');
  });

  it('checks the invitation with the API’s schema: its message, by the field, and no call', async () => {
    renderInSession(StaffPage, makeStaff('owner'));
    await flush();
    await invite('');
    expect(screen.getByText('Email is required')).toBeTruthy();
    await invite('not-an-address');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Invalid email format',
    );
    expect(invites()).toEqual([]);
  });

  it('invites by e-mail and role, says so, and shows the server’s refusal as it is', async () => {
    renderInSession(StaffPage, makeStaff('owner'));
    await flush();
    await invite('Ravi@Rangrez.test', 'ops');
    expect(invites().map((c) => c.body)).toEqual([{ email: 'ravi@rangrez.test', role: 'ops' }]);
    expect(screen.getByRole('status').textContent).toBe('Invitation sent to ravi@rangrez.test.');

    inviteAnswer = () => errorAnswer(STAFF_MESSAGES.staffExists, 409);
    await invite('meera@rangrez.test');
    expect(screen.getByRole('alert').textContent).toBe(STAFF_MESSAGES.staffExists);
  });

  it('opens and closes a member’s own timeline, loading it only when asked', async () => {
    renderInSession(StaffPage, makeStaff('owner'));
    await flush();
    const toggle = screen.getByRole('button', { name: 'Timeline of meera@rangrez.test' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(calls.some((c) => c.path.endsWith('/timeline'))).toBe(false);
    fireEvent.click(toggle);
    await flush();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Changes to meera@rangrez.test' });
    expect(toggle.getAttribute('aria-controls')).toBe(list.parentElement?.id);
    expect(list.textContent).toContain('staff.update');
    expect(list.textContent).toMatch(/role: ops\s*→\s*changed to\s*catalogue/);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Changes to meera@rangrez.test' })).toBeNull();
  });

  it('shows the server’s message when a change is refused', async () => {
    renderInSession(StaffPage, makeStaff('owner'));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Disable meera@rangrez.test' }));
    await flush();
    expect(calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/staff/${meera._id}`,
      body: { disabled: true },
    });
    expect(screen.getByRole('alert').textContent).toBe(STAFF_MESSAGES.lastOwner);
  });

  it('sends the member to sign in again, and back here afterwards, when the session has ended', async () => {
    vi.mocked(fetch).mockImplementation(async () => errorAnswer('Session expired', 401));
    renderInSession(StaffPage, makeStaff('owner'), '/admin/staff');
    await flush();
    expect(screen.getByRole('heading', { name: /Sign-in page/ }).textContent).toContain(
      '?returnTo=%2Fadmin%2Fstaff',
    );
    expect(adminToken()).toBeNull();
  });

  it('refuses a role without staff:read before calling anything', () => {
    renderInSession(StaffPage, makeStaff('catalogue'));
    expect(screen.getByRole('alert').textContent).toBe(STAFF_MESSAGES.forbidden);
    expect(calls).toEqual([]);
  });
});
