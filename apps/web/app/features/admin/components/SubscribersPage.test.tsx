// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import { adminSubscriberListResponseSchema } from '@rangrez/contract/schemas/newsletter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { SubscribersPage } from './SubscribersPage';

const meera = {
  id: 's1',
  email: 'meera@example.in',
  status: 'confirmed' as const,
  source: 'newsletter' as const,
  consentedAt: '2026-11-20T04:30:00.000Z',
  confirmedAt: '2026-11-20T04:35:00.000Z',
  unsubscribedAt: null,
  code: 'WELCOME-ABCDEFGHJK',
  codeUsed: true,
};
const ravi = {
  ...meera,
  id: 's2',
  email: 'ravi@example.in',
  status: 'pending' as const,
  source: 'signup' as const,
  confirmedAt: null,
  code: null,
  codeUsed: false,
};
let calls: FakeCall[];
const flush = () => act(async () => {});

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi((call) =>
    apiResponse(adminSubscriberListResponseSchema, {
      success: true,
      total: 2,
      subscribers: call.path.includes('status=pending') ? [ravi] : [meera, ravi],
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SubscribersPage', () => {
  it('lists subscribers with their status, dates and welcome code, and filters by status', async () => {
    renderInSession(SubscribersPage, makeStaff('catalogue'));
    await flush();
    expect(screen.getByRole('status').textContent).toBe('2 subscribers');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'meera@example.in',
      'ravi@example.in',
    ]);
    expect(within(rows[0]!).getByText('WELCOME-ABCDEFGHJK (used)')).toBeTruthy();
    expect(within(rows[0]!).getByText('Subscribed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Waiting for confirmation')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['/subscribers?', '/subscribers?status=pending']);
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('is closed to roles without subscribers:read', async () => {
    renderInSession(SubscribersPage, makeStaff('support'));
    await flush();
    expect(screen.getByText(STAFF_MESSAGES.forbidden)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
