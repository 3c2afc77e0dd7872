// Online payment (docs/orders-lifecycle.md#online-payment): the client asks for a provider order, pays in the
// pop-up, then posts the order body with the provider's ids and signature for verification.

import { z } from 'zod';
import { CURRENCY } from '../rules/constants.ts';
import { orderBodySchema, type OrderBody } from './orders.ts';

/** Whole rupees, more than 0. */
const amountSchema = z
  .number({ error: 'amount must be a number of whole rupees' })
  .int('amount must be a number of whole rupees')
  .positive('amount must be more than 0');

const amountOnlySchema = z.object({ amount: amountSchema });
const orderWithAmountSchema = orderBodySchema.extend({ amount: amountSchema.optional() });

export type InitiatePaymentBody = z.infer<typeof amountOnlySchema> | (OrderBody & { amount?: number });

/**
 * POST /razorpay/initiate-payment body: `{ amount }` alone (the first client), or the full order body (so the
 * server can price the order itself). A body with `orderItems` is read as an order body, so a malformed
 * order is reported instead of being silently stripped down to its amount.
 */
export const initiatePaymentBodySchema = z.unknown().transform((input, ctx): InitiatePaymentBody => {
  const isOrder = typeof input === 'object' && input !== null && 'orderItems' in input;
  const result = isOrder ? orderWithAmountSchema.safeParse(input) : amountOnlySchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  }
  return result.data;
});

/** POST /razorpay/initiate-payment answer; `amount` is in paise (x100), as the provider's pop-up wants. */
export const initiatePaymentResponseSchema = z.object({
  success: z.literal(true),
  razorpayOrderId: z.string(),
  amount: z.number().int().positive(),
  currency: z.literal(CURRENCY),
  keyId: z.string(),
  /** With the full order body: our order number, which the order was stored under at once (payment pending). */
  orderId: z.string().optional(),
  /** The same order number: the fulfilment reference and the success page's path. */
  qikinkOrderId: z.string().optional(),
});
export type InitiatePaymentResponse = z.infer<typeof initiatePaymentResponseSchema>;

/** GET /razorpay/config: what the checkout page needs before it opens the provider's pop-up. */
export const paymentConfigResponseSchema = z.object({
  success: z.literal(true),
  /** Public key id, handed to the checkout script as `key`. */
  keyId: z.string(),
  /** Where `window.Razorpay` comes from: Razorpay's script, or the local sandbox's (same origin). */
  checkoutScriptUrl: z.string(),
});
export type PaymentConfigResponse = z.infer<typeof paymentConfigResponseSchema>;

function providerText(field: string) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(200, `${field} must be at most 200 characters`);
}

const providerIdsSchema = z.object({
  paymentId: providerText('paymentId'),
  razorpayOrderId: providerText('razorpayOrderId'),
  razorpaySignature: providerText('razorpaySignature'),
});
export type ProviderIds = z.infer<typeof providerIdsSchema>;
const orderWithProviderIdsSchema = orderBodySchema.extend(providerIdsSchema.shape);

export type ProcessOrderBody = ProviderIds | (OrderBody & ProviderIds);

/**
 * POST /razorpay/process-order body: the provider's payment id, order id and signature, with the order body (the
 * checkout page sends it; an `{ amount }`-only checkout needs it to create its order). Paying an order that
 * already exists (payment retried from the orders page) needs only the three ids. A body with `orderItems` is
 * read as an order body, so a malformed order is reported rather than stripped.
 */
export const processOrderBodySchema = z.unknown().transform((input, ctx): ProcessOrderBody => {
  const isOrder = typeof input === 'object' && input !== null && 'orderItems' in input;
  const result = isOrder ? orderWithProviderIdsSchema.safeParse(input) : providerIdsSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  }
  return result.data;
});
