// The orders desk's requests and answers (docs/admin.md#orders): refunds so far.
import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { boundedText } from './admin-basics.ts';

export const REFUND_METHOD_VALUES = ['provider', 'manual', 'store_credit'] as const;
export const REFUND_STATUS_VALUES = ['pending', 'processed', 'failed'] as const;

export const ADMIN_ORDER_MESSAGES = {
  reasonRequired: 'reason is required',
  cancelled: 'Order cancelled',
  askPartner:
    'The print partner has this order: cancel it in their dashboard while it is Live, then confirm the cancellation here',
  cannotCancel: 'This order can no longer be cancelled',
} as const;

/** POST /admin/orders/{orderId}/cancel: why (kept in the order's history and the audit trail). */
export const adminCancelBodySchema = z.object({
  reason: boundedText('reason', 500).min(1, ADMIN_ORDER_MESSAGES.reasonRequired),
});
export type AdminCancelBody = z.infer<typeof adminCancelBodySchema>;

/** What a staff action on an order answers: what happened, and the order's states now. */
export const adminOrderActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: z.object({
    _id: z.string(),
    orderId: z.string(),
    state: z.string(),
    paymentState: z.string(),
    fulfilmentState: z.string(),
    refundState: z.string(),
  }),
});
export type AdminOrderActionResponse = z.infer<typeof adminOrderActionResponseSchema>;

export const REFUND_MESSAGES = {
  amount: 'amount must be a positive number of rupees with at most 2 decimals',
  reasonRequired: 'reason is required',
  referenceRequired: 'reference is required for a manual refund (the UPI or bank transfer reference)',
  noOnlinePayment: 'This order has no online payment to refund to. Record a manual refund instead.',
  /** `max` is what may still be refunded, formatted ('₹1,648'). */
  tooLarge: (max: string) => `This refund is more than the ${max} that can still be refunded.`,
  orderNotFound: 'Order not found',
} as const;

/** `{orderId}`: our order number (`qikinkOrderId`) or the order's `_id`. */
export const adminOrderParamsSchema = z.object({
  orderId: z.string().trim().min(1, 'orderId is required').max(64, 'orderId must be at most 64 characters'),
});

const amountRupees = z
  .number({ error: REFUND_MESSAGES.amount })
  .positive(REFUND_MESSAGES.amount)
  .max(10_000_000, REFUND_MESSAGES.amount)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, REFUND_MESSAGES.amount);

/** POST /admin/orders/{orderId}/refunds: an amount in rupees (all that is refundable when left out) and why. */
export const adminRefundBodySchema = z
  .object({
    amount: amountRupees.optional(),
    reason: boundedText('reason', 500).min(1, REFUND_MESSAGES.reasonRequired),
    /** 'provider' (back to the online payment, the default), 'manual' (UPI or bank, by the store) or store credit. */
    method: z
      .enum(REFUND_METHOD_VALUES, { error: 'method must be provider, manual or store_credit' })
      .default('provider'),
    reference: boundedText('reference', 120).optional(),
  })
  .refine((b) => b.method !== 'manual' || (b.reference ?? '').length > 0, {
    message: REFUND_MESSAGES.referenceRequired,
    path: ['reference'],
  });
export type AdminRefundBody = z.infer<typeof adminRefundBodySchema>;

export const adminRefundSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  reason: z.string(),
  method: z.enum(REFUND_METHOD_VALUES),
  reference: z.string().nullable(),
  status: z.enum(REFUND_STATUS_VALUES),
  providerRefundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTimeSchema,
  processedAt: isoDateTimeSchema.nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminRefundResponseSchema = z.object({ success: z.literal(true), refund: adminRefundSchema });
export type AdminRefundResponse = z.infer<typeof adminRefundResponseSchema>;
