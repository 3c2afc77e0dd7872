// SQL of the newsletter (docs/newsletter.md): one row per address, locked by whoever changes it, and the back
// office's list with each subscriber's welcome code.
import { newsletterSubscribers, promotionCodes, users } from '@rangrez/db/schema';
import { type SQL, and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db.ts';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
type SubscriberInsert = typeof newsletterSubscribers.$inferInsert;

/** The address's row, created pending when there is none, locked until the transaction ends. */
export async function lockOrCreateSubscriber(tx: Executor, values: SubscriberInsert): Promise<SubscriberRow> {
  await tx.insert(newsletterSubscribers).values(values).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, values.email))
    .for('update');
  if (!row) throw new Error('newsletter: no subscriber row');
  return row;
}

export async function lockSubscriberByConfirmHash(tx: Executor, hash: string) {
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hash))
    .for('update');
  return row;
}

export async function lockSubscriberByUnsubscribeToken(tx: Executor, token: string) {
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .for('update');
  return row;
}

export async function updateSubscriber(
  tx: Executor,
  id: string,
  values: PgUpdateSetSource<typeof newsletterSubscribers>,
) {
  await tx.update(newsletterSubscribers).set(values).where(eq(newsletterSubscribers.id, id));
}

/** The account with the subscriber's address, if there is one. */
export const accountIdOf = (email: string) =>
  sql<string | null>`(select ${users.id} from ${users} where ${users.email} = ${email})`;

export interface SubscriberFilter {
  q?: string | undefined;
  status?: SubscriberRow['status'] | undefined;
}

function whereOf(filter: SubscriberFilter): SQL | undefined {
  const conditions: SQL[] = [];
  // The search is a substring of the address; its wildcards are taken literally.
  if (filter.q)
    conditions.push(ilike(newsletterSubscribers.email, `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.status) conditions.push(eq(newsletterSubscribers.status, filter.status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Subscribers newest first, with their welcome code and whether an order holds it. */
export async function listSubscribers(
  db: Executor,
  filter: SubscriberFilter,
  page: { limit: number; offset: number } | null,
) {
  const query = db
    .select({
      subscriber: newsletterSubscribers,
      code: promotionCodes.code,
      codeUsed: sql<boolean>`${promotionCodes.orderId} is not null`,
    })
    .from(newsletterSubscribers)
    .leftJoin(promotionCodes, eq(promotionCodes.id, newsletterSubscribers.welcomeCodeId))
    .where(whereOf(filter))
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countSubscribers(db: Executor, filter: SubscriberFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(whereOf(filter));
  return row?.n ?? 0;
}
