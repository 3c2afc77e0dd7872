// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import { type AuditEntry, auditListResponseSchema } from '@rangrez/contract/schemas/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { AuditPage } from './AuditPage';

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: String(id),
    actor: 'owner@rangrez.test',
    role: 'owner',
    action: 'staff.update',
    entityType: 'staff',
    entityId: '7d1e2f30-4b5c-4d6e-8f70-91a2b3c4d5e6',
    before: { role: 'catalogue' },
    after: { role: 'ops' },
    requestId: `req-${id}`,
    ip: '127.0.0.1',
    at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

let calls: FakeCall[];
const flush = () => act(async () => {});
const queryOf = (call: FakeCall | undefined) =>
  Object.fromEntries(new URLSearchParams((call?.path ?? '').split('?')[1]));

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi((call) => {
    const { before } = queryOf(call);
    // Two pages: 3 and 2 (newest first), then 1 and the end.
    return before
      ? apiResponse(auditListResponseSchema, {
          entries: [
            entry(1, { action: 'staff.invite', before: null, after: { email: 'ravi@rangrez.test' } }),
          ],
          nextBefore: null,
        })
      : apiResponse(auditListResponseSchema, { entries: [entry(3), entry(2)], nextBefore: 2 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = () => screen.getAllByRole('row').slice(1);

describe('AuditPage', () => {
  it('shows the newest entries with each changed field before and after, then loads older ones', async () => {
    renderInSession(AuditPage, makeStaff('owner'));
    await flush();
    expect(rows()).toHaveLength(2);
    expect(rows()[0]!.textContent).toContain('owner@rangrez.test');
    expect(rows()[0]!.textContent).toContain('staff.update');
    expect(rows()[0]!.textContent).toMatch(/role: catalogue\s*→\s*changed to\s*ops/);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await flush();
    expect(queryOf(calls.at(-1))).toMatchObject({ before: '2' });
    expect(rows().map((r) => r.textContent)).toHaveLength(3);
    expect(rows()[2]!.textContent).toMatch(/email: —\s*→\s*changed to\s*ravi@rangrez.test/);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends the filters as the query and starts again from the newest', async () => {
    renderInSession(AuditPage, makeStaff('owner'));
    await flush();
    fireEvent.change(screen.getByLabelText('Actor (e-mail or system)'), {
      target: { value: 'owner@rangrez.test' },
    });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'staff.invite' } });
    fireEvent.change(screen.getByLabelText('Entity type'), { target: { value: 'staff' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show entries' }));
    await flush();
    const query = queryOf(calls.at(-1));
    expect(query).toEqual({
      actor: 'owner@rangrez.test',
      action: 'staff.invite',
      entityType: 'staff',
      from: new Date(2026, 10, 1).toISOString(),
      limit: '50',
    });
    expect(calls.at(-1)?.authorization).toBe('Bearer staff-token-1');
  });

  it('refuses a role without audit:read before calling anything', () => {
    renderInSession(AuditPage, makeStaff('ops'));
    expect(screen.getByRole('alert').textContent).toBe(STAFF_MESSAGES.forbidden);
    expect(calls).toEqual([]);
  });
});
