// The outbox's sender (docs/orders-lifecycle.md#e-mail): the outbox.send job claims due messages for a few
// minutes, renders each from the rows it names, sends it through the mail port and marks it sent. A crash between
// the claim and the send loses nothing: the claim runs out and the message is claimed again (at least once; the
// Message-ID comes from the dedupe key, so a mail client shows a repeat as the same message).
import type { Mailer } from '../../integrations/mail/port.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor } from '../../lib/db.ts';
import { buildConfirmationEmail, type StoreContact } from './confirmation.ts';
import type { Rendered } from './letter.tsx';
import { renderNewsletterMessage } from './newsletter.ts';
import {
  claimDue,
  findOrder,
  findRefundRow,
  findReturnRow,
  fulfilmentOfOrder,
  invoiceOfOrder,
  itemsOfOrder,
  markSent,
  type OrderRow,
  type OutboxRow,
  ordersConfirmedBetween,
  recordSendFailure,
  staffRoleOf,
} from './repository.ts';
import {
  backInStock,
  codReminder,
  orderCancelled,
  orderDelivered,
  type InvoiceMention,
  orderShipped,
  ownerDigest,
  ownerNewOrder,
  passwordReset,
  refundIssued,
  returnUpdated,
  staffInvitation,
} from './templates.ts';

/** How long a claim holds a message: far longer than a send takes, short enough that a crash delays it little. */
export const OUTBOX_CLAIM_SECONDS = 300;
/** Sends (claims) a message gets before it is dead, shown to staff: with the claim as the wait, about 40 minutes. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** Messages claimed per statement; a tick claims again until nothing is due or it has sent OUTBOX_TICK_LIMIT. */
const OUTBOX_BATCH = 20;
const OUTBOX_TICK_LIMIT = 200;

export interface OutboxSenderOptions {
  db: Db;
  clock: Clock;
  /** Looked up at each send (tests replace its send method). */
  mailer: Mailer;
  /** The store's address and contact e-mail as the settings say now (read once a tick). */
  contact: () => Promise<StoreContact>;
  log?: { warn(obj: object, msg: string): void };
}

const text = (payload: Record<string, unknown>, key: string) => {
  const value = payload[key];
  return typeof value === 'string' ? value : undefined;
};

async function orderOf(db: Executor, row: OutboxRow): Promise<OrderRow> {
  const id = row.orderId ?? text(row.payload, 'orderId');
  const order = id ? await findOrder(db, id) : undefined;
  if (!order) throw new Error(`${row.kind}: order ${id ?? '(none)'} not found`);
  return order;
}

/** The order's invoice for its e-mails: the number, and the signed link to the PDF when there is a signer. */
async function invoiceOf(
  db: Executor,
  orderId: string,
  store: StoreContact,
): Promise<InvoiceMention | undefined> {
  const invoice = await invoiceOfOrder(db, orderId);
  if (!invoice) return undefined;
  return { number: invoice.number, ...(store.invoiceUrl ? { url: await store.invoiceUrl(invoice.id) } : {}) };
}

async function renderOrderMessage(db: Executor, row: OutboxRow, store: StoreContact): Promise<Rendered> {
  const order = await orderOf(db, row);
  switch (row.kind) {
    case 'order-confirmed':
      return buildConfirmationEmail(
        order,
        await itemsOfOrder(db, order.id),
        store,
        await store.codConfirmUrl?.(order),
      );
    case 'cod-reminder':
      return codReminder(order, store, await store.codConfirmUrl?.(order));
    case 'order-shipped':
      return orderShipped(
        order,
        await fulfilmentOfOrder(db, order.id),
        store,
        await invoiceOf(db, order.id, store),
      );
    case 'order-delivered':
      return orderDelivered(order, store, await invoiceOf(db, order.id, store));
    case 'order-cancelled':
      return orderCancelled(order, store);
    case 'owner-new-order':
      return ownerNewOrder(order, store);
    case 'refund-issued': {
      const refundId = text(row.payload, 'refundId');
      const refund = refundId ? await findRefundRow(db, refundId) : undefined;
      if (!refund) throw new Error(`refund-issued: refund ${refundId ?? '(none)'} not found`);
      return refundIssued(order, refund, store);
    }
    case 'return-updated': {
      const returnId = text(row.payload, 'returnId');
      const ret = returnId ? await findReturnRow(db, returnId) : undefined;
      const reprint = ret?.reprintOrderId ? await findOrder(db, ret.reprintOrderId) : undefined;
      const state = text(row.payload, 'state') ?? ret?.state ?? 'updated';
      return returnUpdated(order, state, ret, store, reprint?.orderNumber);
    }
    default:
      throw new Error(`no template for e-mails of kind ${row.kind}`);
  }
}

/** The message of `row` as it reads now. */
async function renderMessage(db: Executor, row: OutboxRow, store: StoreContact): Promise<Rendered> {
  if (row.kind === 'owner-digest') {
    const hour = text(row.payload, 'hour') ?? '';
    const from = new Date(`${hour}:00:00.000Z`);
    if (Number.isNaN(from.getTime())) throw new Error(`owner-digest: bad hour ${hour}`);
    return ownerDigest(
      hour,
      await ordersConfirmedBetween(db, from, new Date(from.getTime() + 3600_000)),
      store,
    );
  }
  if (row.kind.startsWith('newsletter-')) return renderNewsletterMessage(db, row, store);
  if (row.kind === 'staff-invitation') {
    const link = text(row.payload, 'link');
    if (!link) throw new Error('staff-invitation: no link');
    return staffInvitation(link, await staffRoleOf(db, row.recipient));
  }
  if (row.kind === 'back-in-stock') {
    const link = text(row.payload, 'link');
    if (!link) throw new Error('back-in-stock: no link');
    return backInStock(
      text(row.payload, 'productName') ?? '',
      text(row.payload, 'variant') ?? '',
      link,
      store,
    );
  }
  if (row.kind === 'password-reset') {
    const link = text(row.payload, 'link');
    if (!link) throw new Error('password-reset: no link');
    return passwordReset(link);
  }
  return renderOrderMessage(db, row, store);
}

/** `<order-confirmed.9b1c...@rangrez.in>`: the dedupe key in the characters a Message-ID allows. */
function messageIdOf(dedupeKey: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<${dedupeKey.replace(/[^A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]/g, '.')}@${host}>`;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'unknown error';

async function sendOne(options: OutboxSenderOptions, store: StoreContact, row: OutboxRow): Promise<boolean> {
  const { db, clock } = options;
  try {
    const message = await renderMessage(db, row, store);
    await options.mailer.send({
      to: row.recipient,
      messageId: messageIdOf(row.dedupeKey, store.publicUrl),
      ...message,
    });
    await markSent(db, row.id, message.subject, clock.now());
    return true;
  } catch (err) {
    options.log?.warn({ err, outboxId: row.id, kind: row.kind }, 'e-mail not sent; it will be tried again');
    await recordSendFailure(db, row.id, errorText(err), OUTBOX_MAX_ATTEMPTS);
    return false;
  }
}

/** Claims due messages for OUTBOX_CLAIM_SECONDS (the crash-safe half of sending); exported for the tests. */
export function claimBatch(options: Pick<OutboxSenderOptions, 'db' | 'clock'>, limit = OUTBOX_BATCH) {
  const now = options.clock.now();
  return claimDue(options.db, now, new Date(now.getTime() + OUTBOX_CLAIM_SECONDS * 1000), limit);
}

/** The outbox.send job: what is due, in batches, until nothing is due or the tick's limit is reached. */
export async function sendDue(options: OutboxSenderOptions): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  let store: StoreContact | undefined;
  while (result.sent + result.failed < OUTBOX_TICK_LIMIT) {
    const claimed = await claimBatch(options);
    if (claimed.length === 0) break;
    store ??= await options.contact();
    for (const row of claimed) {
      if (await sendOne(options, store, row)) result.sent += 1;
      else result.failed += 1;
    }
  }
  return result;
}
