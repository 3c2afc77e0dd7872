// The back office's view of the newsletter: subscribers with their consent dates and welcome code, searched by
// address, and the same list as CSV (every match, not a page).
import type { AdminSubscriber, AdminSubscriberQuery } from '@rangrez/contract/schemas';
import type { Db } from '../../lib/db.ts';
import { type SubscriberFilter, countSubscribers, listSubscribers } from './repository.ts';

type Listed = Awaited<ReturnType<typeof listSubscribers>>[number];

function toAdminSubscriber({ subscriber: s, code, codeUsed }: Listed): AdminSubscriber {
  return {
    id: s.id,
    email: s.email,
    status: s.status,
    source: s.source === 'signup' ? 'signup' : 'newsletter',
    consentedAt: s.consentedAt.toISOString(),
    confirmedAt: s.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: s.unsubscribedAt?.toISOString() ?? null,
    code,
    codeUsed: code !== null && codeUsed,
  };
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
// A spreadsheet runs a cell that starts with one of these as a formula; an address may well start with one.
const safeCell = (value: string) => csvCell(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const CSV_HEADER = 'email,status,source,consented_at,confirmed_at,unsubscribed_at,code,code_used';

function csvLine(s: AdminSubscriber): string {
  return [
    s.email,
    s.status,
    s.source,
    s.consentedAt,
    s.confirmedAt ?? '',
    s.unsubscribedAt ?? '',
    s.code ?? '',
    s.code === null ? '' : s.codeUsed ? 'yes' : 'no',
  ]
    .map(safeCell)
    .join(',');
}

const filterOf = (query: { q?: string | undefined; status?: SubscriberFilter['status'] }) => ({
  q: query.q || undefined,
  status: query.status,
});

export function createAdminSubscribersService({ db }: { db: Db }) {
  return {
    list: async (query: AdminSubscriberQuery & { limit: number; offset: number }) => {
      const filter = filterOf(query);
      const [rows, total] = await Promise.all([
        listSubscribers(db, filter, { limit: query.limit, offset: query.offset }),
        countSubscribers(db, filter),
      ]);
      return { success: true as const, total, subscribers: rows.map(toAdminSubscriber) };
    },
    /** UTF-8 with a byte order mark, CRLF lines: spreadsheet programs open it as it is. */
    csv: async (query: AdminSubscriberQuery) => {
      const rows = (await listSubscribers(db, filterOf(query), null)).map(toAdminSubscriber);
      return `\uFEFF${[CSV_HEADER, ...rows.map(csvLine)].join('\r\n')}\r\n`;
    },
  };
}
export type AdminSubscribersService = ReturnType<typeof createAdminSubscribersService>;
