// Why an order needs a person, as one SQL expression over an orders row (docs/admin.md#the-needs-action-queue): the
// list shows it per row and filters on it, the queue lists the orders it names. The first reason that holds wins.
import { orders } from '@rangrez/db/schema';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A cash-on-delivery order not delivered this many days after it was placed is past its promise: the shipping
 * policy promises dispatch in 1-2 business days and delivery in 3-7 days, so 10 calendar days is late everywhere.
 */
export const COD_PROMISE_DAYS = 10;
const DAY_MS = 86_400_000;

export const NEEDS_ACTION_REASONS = {
  exception: 'The print partner refused or is holding this order',
  handOverFailed: 'The hand-over to the print partner keeps failing',
  cancelAtPartner: 'Cancel it in the print partner’s dashboard, then confirm it here (or report it too late)',
  refundFailed: 'A refund failed: the money is still owed',
  refundOwed: 'Money is owed back to the shopper',
  codOverdue: `Cash on delivery, not delivered ${COD_PROMISE_DAYS} days after it was placed`,
} as const;

/** The reason, or null when the order needs nobody. `now` fixes what counts as overdue. */
export function needsActionReason(now: Date): SQL<string | null> {
  const overdue = new Date(now.getTime() - COD_PROMISE_DAYS * DAY_MS);
  const r = NEEDS_ACTION_REASONS;
  return sql<string | null>`case
    when ${orders.fulfilmentState} = 'exception' then ${r.exception}
    when ${orders.state} = 'cancel_requested' then ${r.cancelAtPartner}
    when ${orders.refundState} = 'failed' then ${r.refundFailed}
    when ${orders.refundState} = 'pending' then ${r.refundOwed}
    when ${orders.fulfilmentState} = 'queued' and exists (
      select 1 from fulfilments f
      where f.order_id = ${orders.id} and f.partner_order_id is null and f.last_error is not null
    ) then ${r.handOverFailed}
    when ${orders.paymentMethod} = 'COD' and ${orders.state} = 'confirmed'
      and ${orders.fulfilmentState} in ('queued', 'submitted', 'processing', 'shipped')
      and ${orders.createdAt} < ${overdue} then ${r.codOverdue}
  end`;
}
