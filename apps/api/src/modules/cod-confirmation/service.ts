// Cash-on-delivery confirmation (docs/cod-confirmation.md): a COD order waits for the shopper's word before it is
// handed to the partner. The word comes from the site, the e-mailed link, a WhatsApp or SMS reply, or staff after
// a phone call; every decision goes through the order lifecycle under the order's row lock, so it happens once.
// Messages leave from a job, never inside the placement's transaction; a periodic sweep reminds at half time and
// cancels what was not confirmed in time, releasing its stock.
import {
  COD_CONFIRMATION_MESSAGES as M,
  type CodConfirmationAction,
  type CodConfirmer,
  formatINR,
  paiseToRupees,
} from '@rangrez/contract/rules';
import type { StoreSettingsValues } from '@rangrez/contract/schemas';
import { codMessages, orders } from '@rangrez/db/schema';
import { and, eq, isNull, lte } from 'drizzle-orm';
import {
  type ConfirmRequest,
  waNumber,
  type WhatsAppMessenger,
  WhatsAppRefused,
} from '../../integrations/whatsapp/port.ts';
import { fillTemplate, SMS_TEMPLATE, type SmsSender } from '../../integrations/sms/port.ts';
import { QUEUES } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor, Tx } from '../../lib/db.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuditedChange } from '../audit/index.ts';
import { ORDER_MESSAGES, type OrderRow, type OrdersService } from '../orders/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import type { CodLinks } from './links.ts';

export type CodOrders = Pick<OrdersService, 'resolveOrderId' | 'findOrder' | 'lockOrderInTx' | 'applyInTx'>;

export interface CodConfirmationOptions {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  orders: CodOrders;
  whatsapp: WhatsAppMessenger;
  sms: SmsSender;
  links: CodLinks;
  settings: (executor: Executor) => Promise<StoreSettingsValues>;
  publicUrl: string;
  /** COD_CONFIRM_HOURS: the window to confirm. */
  hours: number;
}

/** What a message job sends: the first request, the half-time reminder, or the SMS after WhatsApp failed. */
export type CodMessageKind = 'request' | 'reminder' | 'sms';

const statesOf = (o: OrderRow) => ({
  state: o.state,
  paymentState: o.paymentState,
  fulfilmentState: o.fulfilmentState,
  codConfirmation: o.codConfirmation,
});

const CHANNEL_NOTE: Record<CodConfirmer, string> = {
  shopper: 'by the shopper',
  whatsapp: 'by the shopper on WhatsApp',
  sms: 'by the shopper by SMS',
  staff: 'by staff',
};

/**
 * The shopper's (or staff's) word on a locked order. A confirmation after the deadline is refused (the sweep is
 * about to cancel it); a cancellation is always taken while the order waits.
 */
async function decideInTx(
  options: CodConfirmationOptions,
  tx: Tx,
  order: OrderRow,
  decision: { action: CodConfirmationAction; by: CodConfirmer; note?: string },
): Promise<OrderRow> {
  const now = options.clock.now();
  if (order.paymentMethod !== 'COD') throw conflict(M.notCod);
  const state = order.codConfirmation ?? 'confirmed';
  if (state === 'cancelled' || order.state === 'cancelled') throw conflict(M.alreadyCancelled);
  if (state === 'confirmed') throw conflict(M.alreadyConfirmed);
  const overdue = order.codConfirmDeadline !== null && order.codConfirmDeadline <= now;
  if (decision.action === 'confirm' && overdue) throw conflict(M.windowClosed);
  const verb =
    decision.action === 'confirm' ? 'cash on delivery confirmed' : 'cash on delivery declined: cancelled';
  const note = `${verb} ${CHANNEL_NOTE[decision.by]}${decision.note ? `: ${decision.note}` : ''}`;
  const event =
    decision.action === 'confirm'
      ? ({ kind: 'cod-confirmed' } as const)
      : ({ kind: 'cod-cancelled' } as const);
  if (!(await options.orders.applyInTx(tx, order, event, note))) throw conflict(M.alreadyCancelled);
  if (decision.action === 'confirm') {
    await tx
      .update(orders)
      .set({ codConfirmedAt: now, codConfirmedBy: decision.by, updatedAt: now })
      .where(eq(orders.id, order.id));
    Object.assign(order, { codConfirmedAt: now, codConfirmedBy: decision.by });
  }
  return order;
}

/** The order named by `reference`, locked; a missing one is 404. */
async function lockedOrder(options: CodConfirmationOptions, tx: Tx, reference: string): Promise<OrderRow> {
  const id = await options.orders.resolveOrderId(tx, reference);
  const order = id ? await options.orders.lockOrderInTx(tx, id) : undefined;
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return order;
}

/** The signed link of an order's e-mails and SMS, valid until its deadline. */
async function linkFor(options: CodConfirmationOptions, order: OrderRow): Promise<string | undefined> {
  if (order.codConfirmation !== 'pending' || !order.codConfirmDeadline) return undefined;
  return `${options.publicUrl}/cod-confirmation/${await options.links.tokenFor(order.id, order.codConfirmDeadline)}`;
}

async function recordSent(
  db: Executor,
  order: OrderRow,
  row: { channel: 'whatsapp' | 'sms'; kind: string; messageId?: string; error?: string },
  now: Date,
) {
  await db.insert(codMessages).values({
    orderId: order.id,
    channel: row.channel,
    direction: 'out',
    kind: row.kind,
    phone: order.phone,
    providerMessageId: row.messageId ?? null,
    status: row.error ? 'failed' : 'sent',
    error: row.error ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

async function sendSms(options: CodConfirmationOptions, order: OrderRow, kind: string) {
  const settings = await options.settings(options.db);
  const amount = formatINR(paiseToRupees(order.totalPaise));
  const text = fillTemplate(SMS_TEMPLATE, [order.orderNumber, amount, (await linkFor(options, order)) ?? '']);
  const { messageId } = await options.sms.send({
    to: waNumber(order.phone),
    sender: settings.smsSenderHeader,
    templateId: settings.smsDltTemplateId,
    text,
  });
  await recordSent(options.db, order, { channel: 'sms', kind, messageId }, options.clock.now());
}

/**
 * One message job: WhatsApp first; when Meta refuses it for good, the same request by SMS. An unreachable
 * provider throws, and the job is retried. Nothing is sent for an order that no longer waits.
 */
async function sendMessage(options: CodConfirmationOptions, orderId: string, kind: CodMessageKind) {
  const order = await options.orders.findOrder(orderId);
  if (!order || order.codConfirmation !== 'pending') return 'skipped' as const;
  if (kind === 'sms') {
    await sendSms(options, order, 'request');
    return 'sms' as const;
  }
  const request: ConfirmRequest = {
    to: waNumber(order.phone),
    orderNumber: order.orderNumber,
    amount: formatINR(paiseToRupees(order.totalPaise)),
  };
  try {
    const { messageId } = await options.whatsapp.sendConfirmRequest(request);
    await recordSent(options.db, order, { channel: 'whatsapp', kind, messageId }, options.clock.now());
    return 'whatsapp' as const;
  } catch (error) {
    if (!(error instanceof WhatsAppRefused)) throw error;
    await recordSent(
      options.db,
      order,
      { channel: 'whatsapp', kind, error: error.message },
      options.clock.now(),
    );
    await sendSms(options, order, kind);
    return 'sms' as const;
  }
}

/** Cancels one order whose window ran out, under its lock; false when it was decided meanwhile. */
function expireOne(options: CodConfirmationOptions, id: string, now: Date): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const order = await options.orders.lockOrderInTx(tx, id);
    if (
      !order ||
      order.codConfirmation !== 'pending' ||
      !order.codConfirmDeadline ||
      order.codConfirmDeadline > now
    ) {
      return false;
    }
    const note = `cash on delivery not confirmed within ${options.hours} hours: cancelled, stock released`;
    return options.orders.applyInTx(tx, order, { kind: 'cod-cancelled' }, note);
  });
}

/** The half-time reminder, once per order: the mark is taken by a conditional update, the messages with it. */
function remindOne(options: CodConfirmationOptions, id: string, now: Date): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ codReminderSentAt: now })
      .where(and(eq(orders.id, id), eq(orders.codConfirmation, 'pending'), isNull(orders.codReminderSentAt)))
      .returning({ id: orders.id, email: orders.email });
    if (!order) return false;
    await enqueueEmail(tx, { kind: 'cod-reminder', orderId: id }, order.email, now);
    await options.jobs.send(
      QUEUES.codConfirmMessage,
      { orderId: id, kind: 'reminder' },
      { executor: tx, singletonKey: `reminder:${id}` },
    );
    return true;
  });
}

/** The periodic sweep: cancels what ran out, then reminds what is past half its window. */
async function sweep(options: CodConfirmationOptions): Promise<{ cancelled: number; reminded: number }> {
  const { db, clock, hours } = options;
  const now = clock.now();
  const pending = and(eq(orders.codConfirmation, 'pending'), lte(orders.codConfirmDeadline, now));
  let cancelled = 0;
  for (const { id } of await db.select({ id: orders.id }).from(orders).where(pending).limit(200)) {
    if (await expireOne(options, id, now)) cancelled += 1;
  }
  const halfTime = new Date(now.getTime() + (hours * 3_600_000) / 2);
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.codConfirmation, 'pending'),
        isNull(orders.codReminderSentAt),
        lte(orders.codConfirmDeadline, halfTime),
      ),
    )
    .limit(200);
  let reminded = 0;
  for (const { id } of due) if (await remindOne(options, id, now)) reminded += 1;
  return { cancelled, reminded };
}

export function createCodConfirmationService(options: CodConfirmationOptions) {
  const { db } = options;
  return {
    decideInTx: (tx: Tx, order: OrderRow, decision: { action: CodConfirmationAction; by: CodConfirmer }) =>
      decideInTx(options, tx, order, decision),

    /** The signed-in shopper's word on their own order; someone else's order is 403. */
    decideByShopper(userId: string, reference: string, action: CodConfirmationAction): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const id = await options.orders.resolveOrderId(tx, reference);
        const found = id ? await options.orders.findOrder(id) : undefined;
        if (!found) throw notFound(ORDER_MESSAGES.orderNotFound);
        if (found.userId !== userId) throw forbidden(M.notYours);
        return decideInTx(options, tx, await lockedOrder(options, tx, found.id), { action, by: 'shopper' });
      });
    },

    /** The order a signed link names, for its page; the problem when the link is bad or out of date. */
    async linkTarget(token: string): Promise<OrderRow | 'invalid' | 'expired'> {
      const checked = await options.links.check(token);
      if ('problem' in checked) return checked.problem;
      return (await options.orders.findOrder(checked.orderId)) ?? 'invalid';
    },

    /** The shopper's word through the e-mailed link's form. */
    decideByLink(orderId: string, action: CodConfirmationAction): Promise<OrderRow> {
      return db.transaction(async (tx) =>
        decideInTx(options, tx, await lockedOrder(options, tx, orderId), { action, by: 'shopper' }),
      );
    },

    /** Staff confirm after a phone call, or cancel, in the caller's audited transaction. */
    async decideByStaffInTx(
      c: AuditedChange,
      reference: string,
      decision: { action: CodConfirmationAction; note: string; email: string },
    ): Promise<OrderRow> {
      const order = await lockedOrder(options, c.tx, reference);
      const before = statesOf(order);
      await decideInTx(options, c.tx, order, {
        action: decision.action,
        by: 'staff',
        note: `${decision.email}: ${decision.note}`,
      });
      await c.record({
        action: decision.action === 'confirm' ? 'order.cod_confirm' : 'order.cod_cancel',
        entityType: 'order',
        entityId: order.id,
        before,
        after: { ...statesOf(order), note: decision.note },
      });
      return order;
    },

    linkFor: (order: OrderRow) => linkFor(options, order),
    sendMessage: (orderId: string, kind: CodMessageKind) => sendMessage(options, orderId, kind),
    sweep: () => sweep(options),
  };
}

export type CodConfirmationService = ReturnType<typeof createCodConfirmationService>;
