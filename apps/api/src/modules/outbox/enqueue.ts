// Writing an e-mail to the outbox (docs/orders-lifecycle.md#e-mail): called inside the transaction of the event
// that causes the message, so the message exists exactly when the event does. The sender job renders each kind
// from its payload and the rows it names, when it sends.
import { outbox } from '@rangrez/db/schema';
import type { Executor } from '../../lib/db.ts';

/** Every message the store sends, with what the sender needs to render it. */
export type OutboxEmail =
  | { kind: 'order-confirmed'; orderId: string }
  | { kind: 'order-shipped'; orderId: string }
  | { kind: 'order-delivered'; orderId: string }
  | { kind: 'order-cancelled'; orderId: string }
  /** A COD order not confirmed at half its window (docs/cod-confirmation.md#timer). */
  | { kind: 'cod-reminder'; orderId: string }
  | { kind: 'refund-issued'; orderId: string; refundId: string }
  | { kind: 'return-updated'; orderId: string; returnId: string; state: string }
  | { kind: 'owner-new-order'; orderId: string }
  /** The owner's hourly digest of new orders; `hour` is the ISO hour it covers, e.g. 2026-11-26T05. */
  | { kind: 'owner-digest'; hour: string }
  /** The invitation link carries its one-time token: the row is the only copy once the transaction commits. */
  | { kind: 'staff-invitation'; invitationId: string; link: string }
  /** The newsletter's double opt-in: the link's token is in the payload alone, its hash on the subscriber row. */
  | { kind: 'newsletter-confirm'; subscriberId: string; token: string }
  /** The welcome offer's code, once per subscriber ever. */
  | { kind: 'newsletter-welcome'; subscriberId: string }
  /** A forgotten password's link, carrying its one-time token like an invitation (modules/accounts). */
  | { kind: 'password-reset'; resetId: string; link: string }
  /** A product or a size and colour of it is back (docs/decisions/039-newly-added-and-back-in-stock.md). */
  | { kind: 'back-in-stock'; requestId: string; productName: string; variant: string; link: string };

export type OutboxKind = OutboxEmail['kind'];

/**
 * One message per (order, kind), or per refund, per return state, per invitation, per digest hour, per
 * confirmation link, per subscriber's welcome: a repeated
 * event (a webhook delivered twice, a job retried) cannot send a message twice.
 */
export function dedupeKeyOf(message: OutboxEmail): string {
  switch (message.kind) {
    case 'refund-issued':
      return `${message.kind}:${message.refundId}`;
    case 'return-updated':
      return `${message.kind}:${message.returnId}:${message.state}`;
    case 'owner-digest':
      return `${message.kind}:${message.hour}`;
    case 'staff-invitation':
      return `${message.kind}:${message.invitationId}`;
    case 'newsletter-confirm':
      // One per link: asking again later sends a new link, a repeated request for the same link does not.
      return `${message.kind}:${message.subscriberId}:${message.token.slice(0, 12)}`;
    case 'newsletter-welcome':
      return `${message.kind}:${message.subscriberId}`;
    case 'password-reset':
      return `${message.kind}:${message.resetId}`;
    case 'back-in-stock':
      return `${message.kind}:${message.requestId}`;
    default:
      return `${message.kind}:${message.orderId}`;
  }
}

/** Adds the message unless one with the same dedupe key exists; true when this call added it. */
export async function enqueueEmail(
  tx: Executor,
  message: OutboxEmail,
  recipient: string,
  at: Date,
): Promise<boolean> {
  const { kind, ...payload } = message;
  const rows = await tx
    .insert(outbox)
    .values({
      kind,
      dedupeKey: dedupeKeyOf(message),
      orderId: 'orderId' in message ? message.orderId : null,
      recipient,
      payload,
      createdAt: at,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return rows.length === 1;
}
