// The audit page's filters as GET /admin/audit's query (docs/admin.md#audit-trail). The date fields are days in
// the member's own time zone: `from` is the start of its day and `to` the end of its, both sent as instants.
import { type AuditQuery, auditQuerySchema } from '@rangrez/contract/schemas/admin';

/** The filter form checks what it sends with the API's own schema for these fields. */
export const auditFiltersSchema = auditQuerySchema.pick({
  actor: true,
  entityType: true,
  entityId: true,
  action: true,
  from: true,
  to: true,
});
export type AuditFilters = Partial<
  Pick<AuditQuery, 'actor' | 'entityType' | 'entityId' | 'action' | 'from' | 'to'>
>;

export const AUDIT_PAGE_SIZE = 50;
const TEXT_FILTERS = ['actor', 'entityType', 'entityId', 'action'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date input's day at the given local time, as an ISO instant; any other date text is passed on as it is. */
function localInstant(value: string, time: string): string {
  return DAY.test(value) ? new Date(`${value}T${time}`).toISOString() : value;
}

/** The query string for one page of entries; `before` is the previous page's nextBefore. */
export function auditQueryString(filters: AuditFilters, before?: number | null): string {
  const params = new URLSearchParams();
  for (const key of TEXT_FILTERS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (filters.from) params.set('from', localInstant(filters.from, '00:00:00.000'));
  if (filters.to) params.set('to', localInstant(filters.to, '23:59:59.999'));
  if (before) params.set('before', String(before));
  params.set('limit', String(AUDIT_PAGE_SIZE));
  return params.toString();
}
