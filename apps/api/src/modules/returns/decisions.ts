// Staff decisions on a return (docs/admin.md#returns), each a move of the return machine (RETURN_MOVES in
// orders/state-machine.ts) made under the return's and the order's row locks, recorded in the order's history,
// with the shopper's e-mail, in the caller's audited transaction. A move the machine does not allow is a 409.
import { RETURN_MESSAGES, type ReturnStatus } from '@rangrez/contract/rules';
import type { Tx } from '../../lib/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { canMoveReturn, type OrderRow, type OrdersService, recordReturnMove } from '../orders/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import type { RefundsService } from '../refunds/index.ts';
import { linesValuePaise } from './presenter.ts';
import {
  addStoreCredit,
  linesOf,
  lockReturn,
  moveReturn,
  type ReturnInsert,
  type ReturnRow,
} from './repository.ts';

export interface DecisionDeps {
  orders: Pick<OrdersService, 'lockOrderInTx' | 'orderItems' | 'placeReprintInTx'>;
  refunds: Pick<RefundsService, 'createInTx'>;
}

export type Decision =
  | { to: 'approved' }
  | { to: 'rejected'; reason: string }
  | { to: 'pickup' }
  | { to: 'received' }
  | { to: 'reprinted' }
  | { to: 'refunded'; amountPaise?: number; reference?: string };

/** The verb of each move, for the refusal's sentence ('cannot be approved'). */
const ACTIONS: Record<Decision['to'], string> = {
  approved: 'approved',
  rejected: 'rejected',
  pickup: 'sent for pickup',
  received: 'marked as received',
  reprinted: 'reprinted',
  refunded: 'refunded',
};

export interface DecisionContext {
  tx: Tx;
  now: Date;
  /** The staff member's e-mail. */
  actor: string;
}

async function reprint(deps: DecisionDeps, ctx: DecisionContext, ret: ReturnRow, order: OrderRow) {
  const lines = await linesOf(ctx.tx, [ret.id]);
  const items = new Map((await deps.orders.orderItems(order.id)).map((i) => [i.id, i]));
  const reprintLines = lines.map((l) => {
    const item = items.get(l.orderItemId);
    if (!item) throw new Error(`return ${ret.id}: line ${l.orderItemId} is not on its order`);
    return { item, quantity: l.quantity };
  });
  const note = `reprint of ${order.orderNumber} for a defect return, by ${ctx.actor}`;
  const created = await deps.orders.placeReprintInTx(ctx.tx, order, reprintLines, note);
  return { resolution: 'reprint' as const, reprintOrderId: created.id, reprintNumber: created.orderNumber };
}

/** The refund by the shopper's payout: the provider for prepaid, by hand for UPI or bank, or store credit. */
async function refund(
  deps: DecisionDeps,
  ctx: DecisionContext,
  ret: ReturnRow,
  order: OrderRow,
  decision: Extract<Decision, { to: 'refunded' }>,
) {
  const method =
    ret.payout === 'original' ? 'provider' : ret.payout === 'store_credit' ? 'store_credit' : 'manual';
  if (method === 'manual' && !decision.reference) throw badRequest(RETURN_MESSAGES.referenceRequired);
  const amountPaise = decision.amountPaise ?? linesValuePaise(await linesOf(ctx.tx, [ret.id]));
  const row = await deps.refunds.createInTx(ctx.tx, order, {
    amountPaise,
    reason: `defect return (${ret.reason})`,
    method,
    ...(method === 'manual' && decision.reference ? { reference: decision.reference } : {}),
    createdBy: ctx.actor,
  });
  if (method === 'store_credit') {
    await addStoreCredit(ctx.tx, {
      userId: order.userId,
      amountPaise: row.amountPaise,
      reason: `refund of a defect return on ${order.orderNumber}`,
      orderId: order.id,
      refundId: row.id,
      createdBy: ctx.actor,
      createdAt: ctx.now,
    });
  }
  return { resolution: 'refund' as const, refundId: row.id };
}

export interface Decided {
  before: ReturnRow;
  after: ReturnRow;
  order: OrderRow;
}

/** Makes `decision` on the return `returnId`: 404 when there is none, 409 when its state does not allow it. */
export async function decideInTx(
  deps: DecisionDeps,
  ctx: DecisionContext,
  returnId: string,
  decision: Decision,
): Promise<Decided> {
  const { tx, now, actor } = ctx;
  const before = await lockReturn(tx, returnId);
  if (!before) throw notFound(RETURN_MESSAGES.returnNotFound);
  if (!canMoveReturn(before.state, decision.to)) {
    throw conflict(RETURN_MESSAGES.illegalMove(before.state as ReturnStatus, ACTIONS[decision.to]));
  }
  const order = await deps.orders.lockOrderInTx(tx, before.orderId);
  if (!order) throw new Error(`return ${returnId}: its order is missing`);
  const set: Partial<ReturnInsert> = { decidedBy: actor, decidedAt: now, updatedAt: now };
  let note = `return ${ACTIONS[decision.to]} by ${actor}`;
  if (decision.to === 'rejected') {
    set.rejectionReason = decision.reason;
    note += `: ${decision.reason}`;
  } else if (decision.to === 'reprinted') {
    const made = await reprint(deps, ctx, before, order);
    Object.assign(set, { resolution: made.resolution, reprintOrderId: made.reprintOrderId });
    note += ` as ${made.reprintNumber}`;
  } else if (decision.to === 'refunded') {
    Object.assign(set, await refund(deps, ctx, before, order, decision));
  }
  const after = await moveReturn(tx, before.id, before.state, decision.to, set);
  await recordReturnMove(tx, order.id, before.state, decision.to, note, now);
  await enqueueEmail(
    tx,
    { kind: 'return-updated', orderId: order.id, returnId: after.id, state: decision.to },
    order.email,
    now,
  );
  return { before, after, order };
}
