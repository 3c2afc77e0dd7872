// The audit page's entries: the first page for the current filters, then older pages appended on request.
import type { AuditEntry } from '@rangrez/contract/schemas/admin';
import { useEffect, useState } from 'react';
import { errorText } from './api';
import { type AuditFilters, auditQueryString } from './audit-query';
import { useAdminSession } from './session';

interface Search {
  filters: AuditFilters;
  /** Counts searches, so an answer to an older one is never shown for a newer. */
  seq: number;
}

interface Found {
  seq: number;
  entries: AuditEntry[];
  nextBefore: number | null;
  error?: string;
}

export function useAuditTrail() {
  const { api } = useAdminSession();
  const [search, setSearch] = useState<Search>({ filters: {}, seq: 0 });
  const [found, setFound] = useState<Found | null>(null);
  const [more, setMore] = useState<{ busy: boolean; error?: string }>({ busy: false });

  useEffect(() => {
    let live = true;
    const { filters, seq } = search;
    api.audit(auditQueryString(filters)).then(
      ({ entries, nextBefore }) => live && setFound({ seq, entries, nextBefore }),
      (error: unknown) => live && setFound({ seq, entries: [], nextBefore: null, error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, search]);

  async function loadMore() {
    if (!found?.nextBefore || found.seq !== search.seq || more.busy) return;
    const { seq } = found;
    setMore({ busy: true });
    try {
      const page = await api.audit(auditQueryString(search.filters, found.nextBefore));
      setFound((prev) =>
        prev?.seq === seq
          ? { ...prev, entries: [...prev.entries, ...page.entries], nextBefore: page.nextBefore }
          : prev,
      );
      setMore({ busy: false });
    } catch (error) {
      setMore({ busy: false, error: errorText(error) });
    }
  }

  const current = found?.seq === search.seq ? found : null;
  return {
    entries: current?.entries ?? [],
    error: current?.error,
    loading: current === null,
    hasMore: Boolean(current?.nextBefore),
    more,
    loadMore,
    search: (filters: AuditFilters) => {
      setMore({ busy: false });
      setSearch((prev) => ({ filters, seq: prev.seq + 1 }));
    },
  };
}
