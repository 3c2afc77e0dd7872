// The cash on delivery tables (docs/cod.md): the owner's rules, the PIN lists, the blocks and the orders that came
// back to origin. Counting queries for the checks run in the placing transaction.
import type { CodPinKind, CodRulesValues } from '@rangrez/contract/rules';
import { codBlocks, codPinRules, codRules, orderRtos, orders, users } from '@rangrez/db/schema';
import { and, desc, eq, gt, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';

export interface CodRulesRow extends CodRulesValues {
  updatedAt: Date | null;
}

/** The rules in force: the saved row, or `defaults` before the owner saves any. */
export async function findRules(db: Executor, defaults: CodRulesValues): Promise<CodRulesRow> {
  const [row] = await db.select().from(codRules).where(eq(codRules.id, 'cod'));
  if (!row) return { ...defaults, updatedAt: null };
  return {
    minOrderPaise: row.minOrderPaise,
    maxOrderPaise: row.maxOrderPaise,
    maxOpenPerPhone: row.maxOpenPerPhone,
    rtoBlockThreshold: row.rtoBlockThreshold,
    feePaise: row.feePaise,
    updatedAt: row.updatedAt,
  };
}

export async function writeRules(
  db: Executor,
  values: Omit<CodRulesRow, 'updatedAt'>,
  now: Date,
): Promise<void> {
  await db
    .insert(codRules)
    .values({ id: 'cod', ...values, updatedAt: now })
    .onConflictDoUpdate({ target: codRules.id, set: { ...values, updatedAt: now } });
}

export async function findPinRules(db: Executor): Promise<{ pincode: string; kind: CodPinKind }[]> {
  return db
    .select({ pincode: codPinRules.pincode, kind: codPinRules.kind })
    .from(codPinRules)
    .orderBy(codPinRules.pincode);
}

/** Replaces both PIN lists with the ones given. */
export async function replacePinRules(
  db: Executor,
  rules: readonly { pincode: string; kind: CodPinKind }[],
): Promise<void> {
  await db.delete(codPinRules);
  if (rules.length > 0) await db.insert(codPinRules).values([...rules]);
}

export async function pinRuleOf(db: Executor, pincode: string): Promise<CodPinKind | undefined> {
  const [row] = await db
    .select({ kind: codPinRules.kind })
    .from(codPinRules)
    .where(eq(codPinRules.pincode, pincode));
  return row?.kind;
}

/** Cash orders of one phone still on their way: neither given up nor at their end (delivered or back). */
export async function countOpenCodOrders(db: Executor, phone: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.phoneNormalised, phone),
        eq(orders.paymentMethod, 'COD'),
        notInArray(orders.state, ['cancelled', 'expired']),
        notInArray(orders.fulfilmentState, ['delivered', 'returned', 'cancelled']),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the phone or the account has a block not lifted. */
export async function hasOpenBlock(db: Executor, phone: string, userId: string | null): Promise<boolean> {
  const subjects = [
    ...(phone === '' ? [] : [eq(codBlocks.phoneNormalised, phone)]),
    ...(userId === null ? [] : [eq(codBlocks.userId, userId)]),
  ];
  if (subjects.length === 0) return false;
  const [row] = await db
    .select({ id: codBlocks.id })
    .from(codBlocks)
    .where(and(isNull(codBlocks.liftedAt), or(...subjects)))
    .limit(1);
  return row !== undefined;
}

/** Records an order's return to origin; false when it was recorded before. */
export async function insertRto(db: Executor, values: typeof orderRtos.$inferInsert): Promise<boolean> {
  const rows = await db.insert(orderRtos).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export type BlockSubject = { phoneNormalised: string } | { userId: string };

const subjectMatch = (subject: BlockSubject) =>
  'userId' in subject
    ? { rto: eq(orderRtos.userId, subject.userId), block: eq(codBlocks.userId, subject.userId) }
    : {
        rto: eq(orderRtos.phoneNormalised, subject.phoneNormalised),
        block: eq(codBlocks.phoneNormalised, subject.phoneNormalised),
      };

/** Cash orders of the subject back to origin since its last block was lifted (all of them when never blocked). */
export async function countCodRtosSinceLift(db: Executor, subject: BlockSubject): Promise<number> {
  const match = subjectMatch(subject);
  const [lifted] = await db
    .select({ at: codBlocks.liftedAt })
    .from(codBlocks)
    .where(and(match.block, sql`${codBlocks.liftedAt} is not null`))
    .orderBy(desc(codBlocks.liftedAt))
    .limit(1);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderRtos)
    .where(
      and(
        match.rto,
        eq(orderRtos.paymentMethod, 'COD'),
        lifted?.at ? gt(orderRtos.createdAt, lifted.at) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Blocks the subject unless it is blocked already. */
export async function insertBlock(db: Executor, subject: BlockSubject, reason: string, now: Date) {
  await db
    .insert(codBlocks)
    .values({ ...subject, reason, createdAt: now })
    .onConflictDoNothing();
}

export async function listBlocks(db: Executor) {
  return db
    .select({
      id: codBlocks.id,
      phone: codBlocks.phoneNormalised,
      userId: codBlocks.userId,
      userEmail: users.email,
      reason: codBlocks.reason,
      createdAt: codBlocks.createdAt,
      liftedAt: codBlocks.liftedAt,
      liftedBy: codBlocks.liftedBy,
    })
    .from(codBlocks)
    .leftJoin(users, eq(users.id, codBlocks.userId))
    .orderBy(sql`${codBlocks.liftedAt} is not null`, desc(codBlocks.createdAt))
    .limit(500);
}

/** Lifts an open block; undefined when there is none with this id. */
export async function liftBlock(db: Executor, id: string, by: string, now: Date) {
  const [row] = await db
    .update(codBlocks)
    .set({ liftedAt: now, liftedBy: by })
    .where(and(eq(codBlocks.id, id), isNull(codBlocks.liftedAt)))
    .returning();
  return row;
}
