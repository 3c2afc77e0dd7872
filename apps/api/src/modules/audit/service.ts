// The audit trail (docs/admin.md#audit-trail): one row per change made through the back office, written in the
// transaction of the change itself, so a change and its row commit or roll back together.
import type { AuditEntry, AuditListResponse, AuditQuery } from '@rangrez/contract/schemas';
import type { Db, Tx } from '../../lib/db.ts';
import { type AuditRow, type NewAuditRow, findAuditRows, insertAuditRows } from './repository.ts';

/** Who is changing things, and from where: fixed for one request. */
export interface AuditActor {
  /** Null for the store itself and the operator's CLI. */
  id: string | null;
  /** The staff member's e-mail, or 'system'. */
  email: string;
  role: string;
  requestId: string;
  ip: string;
}

export const SYSTEM_ACTOR = (requestId: string): AuditActor => ({
  id: null,
  email: 'system',
  role: 'system',
  requestId,
  ip: '',
});

export interface AuditInput {
  /** `<entity>.<verb>`, e.g. 'product.update', 'staff.invite'. */
  action: string;
  entityType: string;
  entityId: string;
  /** The entity's fields before and after; only the fields that differ are stored. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** A transaction that must leave an audit row behind: what admin handlers change things through. */
export interface AuditedChange {
  tx: Tx;
  record(entry: AuditInput): Promise<void>;
  /** Many rows in few statements: a bulk change (an import) records one row per entity it changed. */
  recordMany(entries: AuditInput[]): Promise<void>;
}

/** Raised when a change tried to commit without an audit row: a programming error, so the change rolls back. */
export class UnauditedChangeError extends Error {
  constructor(what: string) {
    super(`${what} changed data without writing an audit row; the change was rolled back`);
    this.name = 'UnauditedChangeError';
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between two versions of an entity: `{ before: {price: 799}, after: {price: 899} }`.
 * A creation (no before) keeps every field of after; a removal every field of before.
 */
export function fieldDiff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before: before ?? null, after: after ?? null };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    if (key in before) b[key] = before[key];
    if (key in after) a[key] = after[key];
  }
  return { before: b, after: a };
}

/** Rows per INSERT: each row binds 10 parameters and PostgreSQL takes at most 65,535 in one statement. */
const AUDIT_ROWS_PER_STATEMENT = 1000;

function auditRow(actor: AuditActor, entry: AuditInput): NewAuditRow {
  const diff = fieldDiff(entry.before, entry.after);
  return {
    actorId: actor.id,
    actor: actor.email,
    actorRole: actor.role,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: diff.before,
    after: diff.after,
    requestId: actor.requestId,
    ip: actor.ip,
  };
}

/**
 * Runs `change` in one transaction and commits only if it recorded at least one audit row; otherwise the
 * transaction rolls back with UnauditedChangeError. Admin routes change data only through this (plugins/admin.ts),
 * so no change made through the back office can go unrecorded.
 */
export async function auditedChange<T>(
  db: Db,
  actor: AuditActor,
  what: string,
  change: (c: AuditedChange) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    let recorded = 0;
    const recordMany = async (entries: AuditInput[]) => {
      for (let start = 0; start < entries.length; start += AUDIT_ROWS_PER_STATEMENT) {
        const rows = entries
          .slice(start, start + AUDIT_ROWS_PER_STATEMENT)
          .map((entry) => auditRow(actor, entry));
        await insertAuditRows(tx, rows);
        recorded += rows.length;
      }
    };
    const result = await change({ tx, record: (entry) => recordMany([entry]), recordMany });
    if (recorded === 0) throw new UnauditedChangeError(what);
    return result;
  });
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: String(row.id),
    actor: row.actor,
    role: row.actorRole,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.requestId,
    ip: row.ip,
    at: row.at.toISOString(),
  };
}

export async function listAudit(
  db: Db,
  query: Partial<AuditQuery> & Pick<AuditQuery, 'limit'>,
): Promise<AuditListResponse> {
  const rows = await findAuditRows(db, query);
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return { entries: page.map(toAuditEntry), nextBefore: more ? (page.at(-1)?.id ?? null) : null };
}

/** The most entries a timeline shows: its newest; the audit page pages back further. */
const TIMELINE_LIMIT = 200;

/**
 * One entity's own entries, newest first: the timeline its page in the back office shows (a product, a slide, a
 * staff member). It is read with the entity's own read permission, while the whole trail is the owner's.
 */
export function entityTimeline(db: Db, entityType: string, entityId: string): Promise<AuditListResponse> {
  return listAudit(db, { entityType, entityId, limit: TIMELINE_LIMIT });
}
