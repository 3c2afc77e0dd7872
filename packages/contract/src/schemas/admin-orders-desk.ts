// The orders desk's list, order page and needs-action queue (docs/admin.md#orders): what the back office asks and
// what it is answered. Refunds and cancelling are in admin-orders.ts.
import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { boundedText } from './admin-basics.ts';
import { COD_CONFIRMATION_STATES, COD_CONFIRMERS } from '../rules/cod-confirmation.ts';
import { adminRefundSchema } from './admin-orders.ts';
import { deliveryAddressInputSchema } from './orders.ts';
import { ORDER_STATUSES } from '../rules/order-status.ts';
import { isUuid } from '../rules/patterns.ts';
import { FULFILMENT_STATES, ORDER_STATES, PAYMENT_STATES, REFUND_STATES } from '../rules/order-machines.ts';
import { GATEWAYS } from '../rules/shipping.ts';

/** Page size of the orders list: 50 by default, at most 200. */
export const ORDERS_PAGE_DEFAULT = 50;
export const ORDERS_PAGE_MAX = 200;

export const ORDERS_DESK_MESSAGES = {
  cursor: 'cursor is not valid: start again from the first page',
  dateRange: 'from must not be after to',
  noteRequired: 'body is required',
  addressLocked: 'The print partner already has this order: its address can no longer be changed here',
  addressUnchanged: 'Nothing to change',
  resendNotApplicable: 'Only a refused or failed hand-over can be sent to the print partner again',
  resent: 'Sent to the print partner again',
  notCancelRequested: 'This order is not waiting for a cancellation at the print partner',
  tooLate: 'Too late to cancel: the order stays with the print partner',
  paymentNotFound: 'Payment not found',
  paymentNotUnmatched: 'Only money that matches no order is refunded here',
  paymentAlreadyRefunded: 'This payment is already refunded or on its way back',
  noteAdded: 'Note added',
  addressSaved: 'Address saved',
} as const;

const day = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
const optionalEnum = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}` }).optional();

/** GET /admin/orders and /admin/orders/export.csv: every filter optional; `from`/`to` are India's calendar days. */
export const adminOrderListQuerySchema = z
  .object({
    q: boundedText('q', 100).optional(),
    status: optionalEnum('status', ORDER_STATES),
    payment: optionalEnum('payment', PAYMENT_STATES),
    fulfilment: optionalEnum('fulfilment', FULFILMENT_STATES),
    refund: optionalEnum('refund', REFUND_STATES),
    gateway: optionalEnum('gateway', GATEWAYS),
    from: day.optional(),
    to: day.optional(),
    needsAction: z.enum(['true', 'false'], { error: 'needsAction must be true or false' }).optional(),
    cursor: boundedText('cursor', 200).optional(),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${ORDERS_PAGE_MAX}` })
      .int(`limit must be a whole number from 1 to ${ORDERS_PAGE_MAX}`)
      .min(1, `limit must be a whole number from 1 to ${ORDERS_PAGE_MAX}`)
      .max(ORDERS_PAGE_MAX, `limit must be a whole number from 1 to ${ORDERS_PAGE_MAX}`)
      .default(ORDERS_PAGE_DEFAULT),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: ORDERS_DESK_MESSAGES.dateRange,
    path: ['from'],
  });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

const statesShape = {
  state: z.enum(ORDER_STATES),
  paymentState: z.enum(PAYMENT_STATES),
  fulfilmentState: z.enum(FULFILMENT_STATES),
  refundState: z.enum(REFUND_STATES),
  /** The one word the shopper sees. */
  status: z.enum(ORDER_STATUSES),
};

export const adminOrderRowSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: isoDateTimeSchema,
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Rupees (paise allowed). */
  total: z.number(),
  gateway: z.enum(GATEWAYS),
  ...statesShape,
  itemCount: z.number().int(),
  /** Why the order is in the needs-action queue, in words; null when it is not. */
  needsAction: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListResponseSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

export const TIMELINE_KINDS = ['event', 'email', 'webhook', 'audit', 'note'] as const;

export const adminTimelineEntrySchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: isoDateTimeSchema,
  /** What happened, in words. */
  title: z.string(),
  detail: z.string(),
  /** Who: a staff e-mail, 'system', the partner or the provider. */
  actor: z.string().nullable(),
});
export type AdminTimelineEntry = z.infer<typeof adminTimelineEntrySchema>;

const moneyShape = {
  /** Rupees. */
  amount: z.number(),
};

export const adminOrderDetailSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: isoDateTimeSchema,
  /** The promised delivery day (YYYY-MM-DD, docs/delivery.md); null for orders from before promises. */
  deliveryBy: z.string().nullable().optional(),
  gateway: z.enum(GATEWAYS),
  ...statesShape,
  /**
   * Cash on delivery (docs/cod-confirmation.md): whether the shopper confirmed, by when, and who did; left out for
   * a prepaid order.
   */
  codConfirmation: z
    .object({
      state: z.enum(COD_CONFIRMATION_STATES),
      deadline: isoDateTimeSchema.nullable(),
      confirmedAt: isoDateTimeSchema.nullable(),
      confirmedBy: z.enum(COD_CONFIRMERS).nullable(),
    })
    .optional(),
  totals: z.object({
    subtotal: z.number(),
    discount: z.number(),
    shipping: z.number(),
    total: z.number(),
    paid: z.number(),
    /** What can still be refunded (paid minus refunds that did not fail). */
    refundable: z.number(),
  }),
  items: z.array(
    z.object({
      _id: z.string(),
      productId: z.string(),
      productName: z.string(),
      sku: z.string(),
      size: z.string(),
      color: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      image: z.string().nullable(),
    }),
  ),
  customer: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    orderCount: z.number().int(),
    otherOrders: z.array(
      z.object({
        _id: z.string(),
        orderNumber: z.string(),
        createdAt: isoDateTimeSchema,
        total: z.number(),
        status: z.enum(ORDER_STATUSES),
      }),
    ),
  }),
  address: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    doorNo: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    /** Until the hand-over to the partner. */
    editable: z.boolean(),
  }),
  payment: z
    .object({
      _id: z.string(),
      provider: z.string(),
      providerOrderId: z.string(),
      providerPaymentId: z.string().nullable(),
      ...moneyShape,
      status: z.string(),
    })
    .nullable(),
  refunds: z.array(adminRefundSchema),
  fulfilment: z
    .object({
      provider: z.string(),
      partnerOrderId: z.string().nullable(),
      partnerStatus: z.string().nullable(),
      awb: z.string().nullable(),
      trackingLink: z.string().nullable(),
      courier: z.string().nullable(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
    })
    .nullable(),
  returns: z.array(
    z.object({ _id: z.string(), state: z.string(), reason: z.string(), createdAt: isoDateTimeSchema }),
  ),
  /** The order's GST invoice and credit notes, oldest first (docs/gst.md#downloads); left out by older servers. */
  taxDocuments: z
    .array(z.object({ kind: z.enum(['invoice', 'credit_note']), number: z.string(), amount: z.number() }))
    .optional(),
  reprintOf: z.object({ _id: z.string(), orderNumber: z.string() }).nullable(),
  reprints: z.array(z.object({ _id: z.string(), orderNumber: z.string() })),
  notes: z.array(
    z.object({ _id: z.number().int(), body: z.string(), author: z.string(), at: isoDateTimeSchema }),
  ),
  needsAction: z.string().nullable(),
  /** What staff may do now, given the order's states (the server still checks each call). */
  actions: z.object({
    cancel: z.boolean(),
    refund: z.boolean(),
    resend: z.boolean(),
    confirmCancellation: z.boolean(),
    editAddress: z.boolean(),
  }),
  /** Everything that happened, oldest first. */
  timeline: z.array(adminTimelineEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderDetailResponseSchema = z.object({ order: adminOrderDetailSchema });
export type AdminOrderDetailResponse = z.infer<typeof adminOrderDetailResponseSchema>;

/** POST /admin/orders/{orderId}/notes. */
export const adminOrderNoteBodySchema = z.object({
  body: boundedText('body', 2000).min(1, ORDERS_DESK_MESSAGES.noteRequired),
});
export type AdminOrderNoteBody = z.infer<typeof adminOrderNoteBodySchema>;

/** PATCH /admin/orders/{orderId}/address: the whole address, by the checkout's own rules. */
export const adminOrderAddressBodySchema = deliveryAddressInputSchema;
export type AdminOrderAddressBody = z.input<typeof adminOrderAddressBodySchema>;

/** The simple answer of a desk action: what happened, in the server's words. */
export const adminDeskActionResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type AdminDeskActionResponse = z.infer<typeof adminDeskActionResponseSchema>;

/** POST /admin/orders/{orderId}/cod-confirmation: staff confirm after a call, or cancel; the note says what was said. */
export const adminCodConfirmationBodySchema = z.object({
  action: z.enum(['confirm', 'cancel'], { error: 'action must be confirm or cancel' }),
  note: boundedText('note', 500).min(1, 'note is required'),
});
export type AdminCodConfirmationBody = z.infer<typeof adminCodConfirmationBodySchema>;

export const NEEDS_ACTION_KINDS = [
  'fulfilment-exception',
  'hand-over-failed',
  'cancel-at-partner',
  'refund-owed',
  'refund-failed',
  'unmatched-payment',
  'dead-webhook',
  'return-requested',
  'cod-overdue',
] as const;
export type NeedsActionKind = (typeof NEEDS_ACTION_KINDS)[number];

export const needsActionEntrySchema = z.object({
  kind: z.enum(NEEDS_ACTION_KINDS),
  /** What happened, in words. */
  what: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  paymentId: z.string().nullable(),
  webhookId: z.number().int().nullable(),
  returnId: z.string().nullable(),
  since: isoDateTimeSchema,
  /** The calls and pages that resolve it. */
  actions: z.array(
    z.object({
      label: z.string(),
      method: z.enum(['GET', 'POST']),
      /** An API path under /api/v1 (POST) or a back-office page (GET). */
      path: z.string(),
    }),
  ),
});
export type NeedsActionEntry = z.infer<typeof needsActionEntrySchema>;

export const needsActionResponseSchema = z.object({ entries: z.array(needsActionEntrySchema) });
export type NeedsActionResponse = z.infer<typeof needsActionResponseSchema>;

export const needsActionCountResponseSchema = z.object({ count: z.number().int() });

export const adminPaymentParamsSchema = z.object({
  paymentId: z.string().trim().refine(isUuid, 'paymentId must be a payment id'),
});
export const adminPaymentRefundBodySchema = z.object({
  reason: boundedText('reason', 500).min(1, 'reason is required'),
});
