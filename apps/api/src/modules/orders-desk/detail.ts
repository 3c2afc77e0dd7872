// The order page's data (docs/admin.md#orders): the order, its lines with their product images, the customer and
// their other orders, the money, the parcel, returns, reprints, notes, and one timeline of everything that happened
// (the order's events, e-mails, webhooks, staff actions and notes), merged by time.
import { paiseToRupees } from '@rangrez/contract/rules';
import type { AdminOrderDetail, AdminTimelineEntry } from '@rangrez/contract/schemas';
import {
  auditLog,
  fulfilments,
  media,
  orderEvents,
  orderItems,
  orderNotes,
  orders,
  outbox,
  payments,
  products,
  refunds,
  returns,
  webhookInbox,
  taxDocuments,
} from '@rangrez/db/schema';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';
import { productImages } from '../../lib/product-image.ts';
import { displayStatus, type OrderRow } from '../orders/index.ts';
import { toAdminRefund } from '../refunds/index.ts';
import { needsActionReason } from './needs-action-sql.ts';

/** The customer's other orders shown on the page (the count covers them all). */
const OTHER_ORDERS = 5;

/** Before the hand-over: the partner has nothing yet, so the address and an immediate cancel are still ours. */
export const BEFORE_HAND_OVER = ['not_started', 'queued'] as const;

export function addressEditable(order: OrderRow, partnerOrderId: string | null | undefined): boolean {
  return (
    (order.state === 'payment_pending' || order.state === 'confirmed') &&
    (BEFORE_HAND_OVER as readonly string[]).includes(order.fulfilmentState) &&
    !partnerOrderId
  );
}

async function lines(db: Executor, orderId: string, publicUrl: string) {
  const rows = await db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      productName: orderItems.productName,
      sku: orderItems.sku,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      imageKey: media.key,
      imageWidths: media.widths,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(media, eq(media.id, products.imageId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return rows.map((r) => ({
    _id: r.id,
    productId: r.productId,
    productName: r.productName,
    sku: r.sku,
    size: r.size,
    color: r.color,
    quantity: r.quantity,
    price: paiseToRupees(r.unitPricePaise),
    image: r.imageKey ? productImages(publicUrl, r).thumbnail : null,
  }));
}

async function customerOf(db: Executor, order: OrderRow) {
  const others = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, order.userId), ne(orders.id, order.id)))
    .orderBy(desc(orders.createdAt))
    .limit(OTHER_ORDERS);
  const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, order.userId));
  return {
    _id: order.userId,
    name: `${order.firstName} ${order.lastName}`.trim(),
    email: order.email,
    phone: order.phone,
    orderCount: total?.n ?? 1,
    otherOrders: others.map((o) => ({
      _id: o.id,
      orderNumber: o.orderNumber,
      createdAt: o.createdAt.toISOString(),
      total: paiseToRupees(o.totalPaise),
      status: displayStatus(o),
    })),
  };
}

async function timelineOf(db: Executor, orderId: string): Promise<AdminTimelineEntry[]> {
  const [events, mails, hooks, audits, notes] = await Promise.all([
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    db.select().from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.id)),
    db.select().from(webhookInbox).where(eq(webhookInbox.orderId, orderId)).orderBy(asc(webhookInbox.id)),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, orderId)))
      .orderBy(asc(auditLog.id)),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.id)),
  ]);
  const entries: AdminTimelineEntry[] = [
    ...events.map((e) => ({
      kind: 'event' as const,
      at: e.createdAt.toISOString(),
      title: `${e.machine}: ${e.fromState ?? 'new'} → ${e.toState}`,
      detail: e.note,
      actor: null,
    })),
    ...mails.map((m) => ({
      kind: 'email' as const,
      at: (m.sentAt ?? m.createdAt).toISOString(),
      title: `E-mail ${m.kind}${m.subject ? `: ${m.subject}` : ''}`,
      detail: `${m.status}${m.sentAt ? '' : m.lastError ? ` (${m.lastError})` : ''} to ${m.recipient}`,
      actor: null,
    })),
    ...hooks.map((h) => ({
      kind: 'webhook' as const,
      at: h.receivedAt.toISOString(),
      title: `Webhook ${h.eventType}`,
      detail: `${h.status}${h.lastError ? `: ${h.lastError}` : ''}`,
      actor: h.provider,
    })),
    ...audits.map((a) => ({
      kind: 'audit' as const,
      at: a.at.toISOString(),
      title: a.action,
      detail: a.after ? JSON.stringify(a.after) : '',
      actor: a.actor,
    })),
    ...notes.map((n) => ({
      kind: 'note' as const,
      at: n.createdAt.toISOString(),
      title: 'Note',
      detail: n.body,
      actor: n.author,
    })),
  ];
  // A stable sort: entries of the same instant keep their source's order (events first).
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

async function related(db: Executor, order: OrderRow) {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
  const [fulfilment] = await db.select().from(fulfilments).where(eq(fulfilments.orderId, order.id));
  const refundRows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, order.id))
    .orderBy(asc(refunds.createdAt));
  const returnRows = await db
    .select()
    .from(returns)
    .where(eq(returns.orderId, order.id))
    .orderBy(asc(returns.createdAt));
  const reprintOf = order.reprintOfOrderId
    ? (await db.select().from(orders).where(eq(orders.id, order.reprintOfOrderId)))[0]
    : undefined;
  const reprints = await db.select().from(orders).where(eq(orders.reprintOfOrderId, order.id));
  return { payment, fulfilment, refundRows, returnRows, reprintOf, reprints };
}

function moneyOf(order: OrderRow, refundRows: readonly { amountPaise: number; status: string }[]) {
  const out = refundRows.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountPaise, 0);
  return {
    subtotal: paiseToRupees(order.subtotalPaise),
    discount: paiseToRupees(order.discountPaise),
    shipping: paiseToRupees(order.shippingPaise),
    total: paiseToRupees(order.totalPaise),
    paid: paiseToRupees(order.paidPaise),
    refundable: paiseToRupees(Math.max(order.paidPaise - out, 0)),
  };
}

async function reasonOf(db: Executor, orderId: string, now: Date) {
  const [row] = await db
    .select({ reason: needsActionReason(now) })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.reason ?? null;
}

function actionsOf(order: OrderRow, editable: boolean, refundable: number, resendable: boolean) {
  return {
    cancel:
      order.state === 'payment_pending' ||
      order.state === 'cancel_requested' ||
      (order.state === 'confirmed' &&
        !['shipped', 'delivered', 'returned', 'cancelled'].includes(order.fulfilmentState)),
    refund: refundable > 0,
    resend: resendable,
    confirmCancellation: order.state === 'cancel_requested',
    editAddress: editable,
  };
}

/** A refused or failed hand-over can go to the partner again; one the partner has (or is holding) cannot. */
export function canResend(
  order: OrderRow,
  f: { partnerOrderId: string | null; lastError: string | null } | undefined,
) {
  if (!f || f.partnerOrderId || order.state !== 'confirmed') return false;
  return (
    order.fulfilmentState === 'exception' || (order.fulfilmentState === 'queued' && f.lastError !== null)
  );
}

/** The invoice, then the credit notes, with their amounts in rupees. */
async function taxDocumentsOf(db: Executor, orderId: string) {
  const rows = await db
    .select({ kind: taxDocuments.kind, number: taxDocuments.number, amountPaise: taxDocuments.amountPaise })
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.number));
  return rows.map((r) => ({ kind: r.kind, number: r.number, amount: paiseToRupees(r.amountPaise) }));
}

export async function orderDetail(
  db: Executor,
  order: OrderRow,
  opts: { publicUrl: string; now: Date },
): Promise<AdminOrderDetail> {
  const { payment, fulfilment, refundRows, returnRows, reprintOf, reprints } = await related(db, order);
  const editable = addressEditable(order, fulfilment?.partnerOrderId);
  const totals = moneyOf(order, refundRows);
  const notes = await db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, order.id))
    .orderBy(asc(orderNotes.id));
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    deliveryBy: order.deliveryBy,
    gateway: order.paymentMethod,
    state: order.state,
    paymentState: order.paymentState,
    fulfilmentState: order.fulfilmentState,
    refundState: order.refundState,
    status: displayStatus(order),
    ...codConfirmationOf(order),
    totals,
    items: await lines(db, order.id, opts.publicUrl),
    customer: await customerOf(db, order),
    address: {
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      phone: order.phone,
      doorNo: order.doorNo,
      address: order.street,
      city: order.city,
      state: order.addressState,
      pincode: order.pincode,
      editable,
    },
    payment: payment
      ? {
          _id: payment.id,
          provider: payment.provider,
          providerOrderId: payment.providerOrderId,
          providerPaymentId: payment.providerPaymentId,
          amount: paiseToRupees(payment.amountPaise),
          status: payment.status,
        }
      : null,
    refunds: refundRows.map(toAdminRefund),
    fulfilment: fulfilment
      ? {
          provider: fulfilment.provider,
          partnerOrderId: fulfilment.partnerOrderId,
          partnerStatus: fulfilment.partnerStatus,
          awb: fulfilment.awbNo,
          trackingLink: fulfilment.trackingLink,
          courier: fulfilment.courier,
          attempts: fulfilment.attempts,
          lastError: fulfilment.lastError,
        }
      : null,
    returns: returnRows.map((r) => ({
      _id: r.id,
      state: r.state,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
    taxDocuments: await taxDocumentsOf(db, order.id),
    reprintOf: reprintOf ? { _id: reprintOf.id, orderNumber: reprintOf.orderNumber } : null,
    reprints: reprints.map((o) => ({ _id: o.id, orderNumber: o.orderNumber })),
    notes: notes.map((n) => ({ _id: n.id, body: n.body, author: n.author, at: n.createdAt.toISOString() })),
    needsAction: await reasonOf(db, order.id, opts.now),
    actions: actionsOf(order, editable, totals.refundable, canResend(order, fulfilment)),
    timeline: await timelineOf(db, order.id),
  };
}

/** A COD order's confirmation for the desk (docs/cod-confirmation.md); an order from before it counts as confirmed. */
function codConfirmationOf(order: OrderRow): Pick<AdminOrderDetail, 'codConfirmation'> {
  if (order.paymentMethod !== 'COD') return {};
  return {
    codConfirmation: {
      state: order.codConfirmation ?? 'confirmed',
      deadline: order.codConfirmDeadline?.toISOString() ?? null,
      confirmedAt: order.codConfirmedAt?.toISOString() ?? null,
      confirmedBy: order.codConfirmedBy,
    },
  };
}
