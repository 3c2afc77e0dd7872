import type { AuditQuery } from '@rangrez/contract/schemas';
import { auditLog } from '@rangrez/db/schema';
import { type SQL, and, desc, eq, gte, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRows(db: Executor, rows: NewAuditRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditLog).values(rows);
}

/** Newest first; one more row than asked, so the caller knows whether another page follows. */
export async function findAuditRows(
  db: Executor,
  query: Partial<AuditQuery> & Pick<AuditQuery, 'limit'>,
): Promise<AuditRow[]> {
  const t = auditLog;
  const where: (SQL | undefined)[] = [
    query.actor ? eq(t.actor, query.actor.toLowerCase()) : undefined,
    query.entityType ? eq(t.entityType, query.entityType) : undefined,
    query.entityId ? eq(t.entityId, query.entityId) : undefined,
    query.action ? eq(t.action, query.action) : undefined,
    query.from ? gte(t.at, new Date(query.from)) : undefined,
    query.to ? lte(t.at, new Date(query.to)) : undefined,
    query.before ? lt(t.id, query.before) : undefined,
  ];
  return db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.id))
    .limit(query.limit + 1);
}
