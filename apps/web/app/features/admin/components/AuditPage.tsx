// /admin/audit (audit:read): the audit trail, filtered, newest first, an older page at a time.
import { useAuditTrail } from '../use-audit-trail';
import { AuditFilterForm } from './AuditFilterForm';
import { AuditTable } from './AuditTable';
import { RequirePermission } from './RequirePermission';
import { AdminLoading, Notice, PageHeading, secondaryButtonClass } from './ui';

export function AuditPage() {
  return (
    <RequirePermission permission="audit:read">
      <AuditTrail />
    </RequirePermission>
  );
}

function AuditTrail() {
  const trail = useAuditTrail();
  return (
    <>
      <PageHeading title="Audit">Every change made through the back office, newest first.</PageHeading>
      <div className="flex flex-col gap-6">
        <AuditFilterForm onSearch={trail.search} />
        {trail.error ? <Notice notice={{ kind: 'error', text: trail.error }} /> : null}
        {trail.loading ? (
          <AdminLoading label="Loading the audit trail" />
        ) : trail.entries.length === 0 ? (
          trail.error ? null : (
            <p className="text-neutral-600">No entries match these filters.</p>
          )
        ) : (
          <AuditTable entries={trail.entries} />
        )}
        {trail.more.error ? <Notice notice={{ kind: 'error', text: trail.more.error }} /> : null}
        {trail.hasMore ? (
          <button
            type="button"
            onClick={() => void trail.loadMore()}
            disabled={trail.more.busy}
            aria-busy={trail.more.busy || undefined}
            className={`${secondaryButtonClass} self-center`}
          >
            Load more
          </button>
        ) : null}
      </div>
    </>
  );
}
