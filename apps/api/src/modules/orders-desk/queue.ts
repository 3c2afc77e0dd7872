// The needs-action queue (docs/admin.md#the-needs-action-queue): one query per source, put together oldest first.
// Orders are one source read through the same reason expression as the list; money without an order, dead
// webhooks and return requests are the others. Each entry carries the calls and pages that resolve it.
import type { NeedsActionEntry, NeedsActionKind } from '@rangrez/contract/schemas';
import { formatINR, paiseToRupees } from '@rangrez/contract/rules';
import { orders, payments, returns, webhookInbox } from '@rangrez/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';
import { NEEDS_ACTION_REASONS, needsActionReason } from './needs-action-sql.ts';

/** Each source answers at most this many entries, oldest first. */
const PER_SOURCE = 200;

type Action = NeedsActionEntry['actions'][number];
const blank = { orderId: null, orderNumber: null, paymentId: null, webhookId: null, returnId: null };

const KIND_OF: Record<string, NeedsActionKind> = {
  [NEEDS_ACTION_REASONS.exception]: 'fulfilment-exception',
  [NEEDS_ACTION_REASONS.handOverFailed]: 'hand-over-failed',
  [NEEDS_ACTION_REASONS.cancelAtPartner]: 'cancel-at-partner',
  [NEEDS_ACTION_REASONS.refundFailed]: 'refund-failed',
  [NEEDS_ACTION_REASONS.refundOwed]: 'refund-owed',
  [NEEDS_ACTION_REASONS.codOverdue]: 'cod-overdue',
};

function orderActions(kind: NeedsActionKind, orderNumber: string): Action[] {
  const api = `/admin/orders/${orderNumber}`;
  const open: Action = { label: 'Open the order', method: 'GET', path: `/admin/orders/${orderNumber}` };
  switch (kind) {
    case 'fulfilment-exception':
    case 'hand-over-failed':
      return [
        open,
        { label: 'Send to the partner again', method: 'POST', path: `${api}/resend` },
        { label: 'Cancel the order', method: 'POST', path: `${api}/cancel` },
      ];
    case 'cancel-at-partner':
      return [
        open,
        { label: 'Cancelled at the partner', method: 'POST', path: `${api}/cancellation/confirm` },
        { label: 'Too late to cancel', method: 'POST', path: `${api}/cancellation/too-late` },
      ];
    case 'refund-owed':
    case 'refund-failed':
      return [open, { label: 'Refund', method: 'POST', path: `${api}/refunds` }];
    default:
      return [open, { label: 'Cancel the order', method: 'POST', path: `${api}/cancel` }];
  }
}

async function orderEntries(db: Executor, now: Date): Promise<NeedsActionEntry[]> {
  const reason = needsActionReason(now);
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, reason, since: orders.updatedAt })
    .from(orders)
    .where(sql`(${reason}) is not null`)
    .orderBy(asc(orders.updatedAt))
    .limit(PER_SOURCE);
  return rows.flatMap((r) => {
    const kind = r.reason ? KIND_OF[r.reason] : undefined;
    if (!kind || !r.reason) return [];
    return [
      {
        ...blank,
        kind,
        what: `${r.orderNumber}: ${r.reason}`,
        orderId: r.id,
        orderNumber: r.orderNumber,
        since: r.since.toISOString(),
        actions: orderActions(kind, r.orderNumber),
      },
    ];
  });
}

/** Paid money that matches no order and has not gone back: never refunded, or its refund failed. */
async function unmatchedEntries(db: Executor): Promise<NeedsActionEntry[]> {
  const rows = await db
    .select({
      id: payments.id,
      amountPaise: payments.amountPaise,
      providerPaymentId: payments.providerPaymentId,
      since: payments.updatedAt,
    })
    .from(payments)
    .where(
      and(
        // With or without an order: one switched to cash on delivery does not keep a payment that came late.
        eq(payments.status, 'unmatched'),
        sql`not exists (select 1 from refunds r where r.payment_id = ${payments.id} and r.status <> 'failed')`,
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(PER_SOURCE);
  return rows.map((r) => ({
    ...blank,
    kind: 'unmatched-payment' as const,
    what: `${formatINR(paiseToRupees(r.amountPaise))} paid (${r.providerPaymentId ?? 'no payment id'}) matches no order`,
    paymentId: r.id,
    since: r.since.toISOString(),
    actions: [{ label: 'Refund it', method: 'POST' as const, path: `/admin/payments/${r.id}/refund` }],
  }));
}

async function deadWebhookEntries(db: Executor): Promise<NeedsActionEntry[]> {
  const rows = await db
    .select({
      id: webhookInbox.id,
      eventType: webhookInbox.eventType,
      lastError: webhookInbox.lastError,
      since: sql<Date>`coalesce(${webhookInbox.deadAt}, ${webhookInbox.receivedAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(webhookInbox)
    .where(eq(webhookInbox.status, 'dead'))
    .orderBy(asc(webhookInbox.receivedAt))
    .limit(PER_SOURCE);
  return rows.map((r) => ({
    ...blank,
    kind: 'dead-webhook' as const,
    what: `Webhook ${r.eventType} failed for good: ${r.lastError ?? 'no error recorded'}`,
    webhookId: r.id,
    since: r.since.toISOString(),
    actions: [{ label: 'Replay it', method: 'POST' as const, path: `/admin/webhooks/${r.id}/replay` }],
  }));
}

async function returnEntries(db: Executor): Promise<NeedsActionEntry[]> {
  const rows = await db
    .select({
      id: returns.id,
      reason: returns.reason,
      since: returns.createdAt,
      orderNumber: orders.orderNumber,
      orderId: orders.id,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(eq(returns.state, 'requested'))
    .orderBy(asc(returns.createdAt))
    .limit(PER_SOURCE);
  return rows.map((r) => ({
    ...blank,
    kind: 'return-requested' as const,
    what: `${r.orderNumber}: a return was requested (${r.reason})`,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    returnId: r.id,
    since: r.since.toISOString(),
    actions: [{ label: 'Decide on the return', method: 'GET' as const, path: `/admin/returns/${r.id}` }],
  }));
}

/** Every entry of the queue, oldest first. */
export async function needsActionEntries(db: Executor, now: Date): Promise<NeedsActionEntry[]> {
  const sources = await Promise.all([
    orderEntries(db, now),
    unmatchedEntries(db),
    deadWebhookEntries(db),
    returnEntries(db),
  ]);
  return sources.flat().sort((a, b) => a.since.localeCompare(b.since));
}
