import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, auditQueryString } from './audit-query';

const query = (...args: Parameters<typeof auditQueryString>) =>
  Object.fromEntries(new URLSearchParams(auditQueryString(...args)));

describe('auditQueryString', () => {
  it('sends only the page size when nothing is filtered', () => {
    expect(query({})).toEqual({ limit: String(AUDIT_PAGE_SIZE) });
  });

  it('sends the text filters trimmed and leaves out the empty ones', () => {
    expect(
      query({ actor: ' owner@rangrez.test ', action: 'staff.invite', entityType: '', entityId: '  ' }),
    ).toEqual({ actor: 'owner@rangrez.test', action: 'staff.invite', limit: String(AUDIT_PAGE_SIZE) });
  });

  it('sends the days as the start of `from` and the end of `to`, in the member’s time zone', () => {
    const { from, to } = query({ from: '2026-11-01', to: '2026-11-30' });
    expect(from).toBe(new Date(2026, 10, 1, 0, 0, 0, 0).toISOString());
    expect(to).toBe(new Date(2026, 10, 30, 23, 59, 59, 999).toISOString());
  });

  it('pages back from the previous page’s nextBefore, with the same filters', () => {
    expect(query({ entityType: 'staff' }, 41)).toEqual({
      entityType: 'staff',
      before: '41',
      limit: String(AUDIT_PAGE_SIZE),
    });
    expect(query({ entityType: 'staff' }, null)).not.toHaveProperty('before');
  });
});
