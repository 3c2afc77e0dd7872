// Placing and listing orders (docs/api.md#orders-and-payment, docs/orders-lifecycle.md). The order body is validated
// with the checkout form's own validators; the server still recomputes every price, fee and total itself and treats
// totalAmount only as a cross-check.

import { z } from 'zod';
import { type CartTotalsJson, cartTotalsSchema, couponCodeSchema } from './cart.ts';
import { COD_CONFIRMATION_STATES } from '../rules/cod-confirmation.ts';
import { MAX_ORDER_LINES } from '../rules/constants.ts';
import { GST_MESSAGES } from '../rules/gst-messages.ts';
import { gstinProblem, normaliseGstin } from '../rules/gstin.ts';
import { normalisePhoneForStorage } from '../rules/phone.ts';
import {
  validateAddress,
  validateCheckoutEmail,
  validateCheckoutPhone,
  validateCity,
  validateDoorNo,
  validateFirstName,
  validateLastName,
  validatePincode,
  validateState,
} from '../rules/checkout-validators.ts';
import { ORDER_TYPES } from '../rules/order-status.ts';
import { normaliseStateName } from '../rules/states.ts';
import { CHECKOUT_FIELD_LABELS, requiredMessage } from '../rules/validation-messages.ts';
import {
  colourCodeInputSchema,
  gatewaySchema,
  idSchema,
  isoDateTimeSchema,
  optionalText,
  orderStatusSchema,
  quantityInputSchema,
  rupeesSchema,
  sizeSchema,
  validatedText,
} from './common.ts';

const required = (field: keyof typeof CHECKOUT_FIELD_LABELS) => requiredMessage(CHECKOUT_FIELD_LABELS[field]);
const trim = (value: string) => value.trim();

export const orderItemInputSchema = z.object({
  productId: idSchema('productId'),
  size: sizeSchema,
  /** Number or numeric string ("1" from the first client), answered as a number >= 1. */
  quantity: quantityInputSchema,
  color: colourCodeInputSchema,
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

/** The checkout form's address as sent with the order; values come out trimmed and normalised. */
export const deliveryAddressInputSchema = z.object({
  firstName: validatedText('firstName', validateFirstName, required('firstName')).transform(trim),
  lastName: validatedText('lastName', validateLastName, required('lastName')).transform(trim),
  email: validatedText('email', validateCheckoutEmail, required('email')).transform((v) =>
    v.trim().toLowerCase(),
  ),
  /** The national number: '+91 98765-43210' -> '9876543210' (rules/phone.ts). */
  phone: validatedText('phone', validateCheckoutPhone, required('phone')).transform(normalisePhoneForStorage),
  doorNo: validatedText('doorNo', validateDoorNo, required('doorNo')).transform(trim),
  address: validatedText('address', validateAddress, required('address')).transform(trim),
  city: validatedText('city', validateCity, required('city')).transform(trim),
  /** One of the 28 states or 8 union territories, answered with its current name. */
  state: validatedText('state', validateState, required('state')).transform(
    (v) => normaliseStateName(v) ?? v,
  ),
  pincode: validatedText('pincode', validatePincode, required('pincode')).transform(trim),
});
export type DeliveryAddressInput = z.infer<typeof deliveryAddressInputSchema>;

/** gift_wrap / rush_order: 0 or 1 (number or string), default 0. */
function flagSchema(field: string) {
  return z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: `${field} must be 0 or 1` })
    .transform((value) => (Number(value) === 1 ? 1 : 0) as 0 | 1)
    .default(0);
}

/** POST /qikink/order body (docs/api.md#orders-and-payment). */
export const orderBodySchema = z.object({
  orderItems: z
    .array(orderItemInputSchema, { error: 'orderItems must be a list of items' })
    .min(1, 'orderItems must contain at least one item')
    .max(MAX_ORDER_LINES, `orderItems must contain at most ${MAX_ORDER_LINES} items`),
  deliveryAddress: deliveryAddressInputSchema,
  /** The server takes the customer from the access token; when sent these must match it. */
  customerId: idSchema('customerId').optional(),
  customerName: optionalText('customerName', 100),
  /** Whole rupees: final total plus shipping as the client computed it (a cross-check only). */
  totalAmount: z
    .number({ error: 'totalAmount must be a number of whole rupees' })
    .int('totalAmount must be a number of whole rupees')
    .nonnegative('totalAmount must not be negative'),
  gateway: gatewaySchema,
  gift_wrap: flagSchema('gift_wrap'),
  rush_order: flagSchema('rush_order'),
  orderType: z.enum(ORDER_TYPES, { error: 'orderType must be BUY_NOW or CART_CHECKOUT' }),
  /** Ours: a promotion code (docs/promotions.md); a code that cannot be one is 'Invalid code.'. */
  couponCode: couponCodeSchema.optional(),
  /**
   * Ours: a business buyer's GSTIN for their tax invoice (docs/gst.md#business-buyers), upper-cased without spaces;
   * empty means none.
   */
  gstin: z
    .string({ error: GST_MESSAGES.buyerGstin })
    .max(20, GST_MESSAGES.buyerGstin)
    .transform(normaliseGstin)
    .refine((gstin) => gstin === '' || gstinProblem(gstin) === null, GST_MESSAGES.buyerGstin)
    .optional(),
  /**
   * Ours: also keep the delivery address in the shopper's address book (docs/accounts.md#address-book). Saving
   * never holds up the order: a full book or a failure leaves the order placed and the book as it was.
   */
  saveAddress: z.boolean({ error: 'saveAddress must be true or false' }).optional(),
});
export type OrderBody = z.infer<typeof orderBodySchema>;
export type OrderBodyInput = z.input<typeof orderBodySchema>;

export const orderItemSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  quantity: z.number().int().positive(),
  size: z.string(),
  color: z.string(),
  /** Unit price in whole rupees. */
  price: rupeesSchema,
  /** Unit MRP in whole rupees as it was when the order was placed: (mrp - price) x quantity is the line's discount. */
  mrp: rupeesSchema,
  /** Ours: a picture of the line in its colour (the colour's first image, else the product's), when known. */
  image: z.string().optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderDeliveryAddressSchema = z.object({
  fullName: z.string(),
  doorNo: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type OrderDeliveryAddress = z.infer<typeof orderDeliveryAddressSchema>;

/** The order summary the orders page shows: the cart's totals, one schema for both. */
export const orderSummarySchema = cartTotalsSchema;
export type OrderSummary = CartTotalsJson;

/** Money going back to the shopper for an order: whole rupees, and whether it has reached them. */
export const orderRefundSchema = z.object({
  _id: z.string(),
  /** Rupees with paise (a partial refund need not be whole rupees). */
  amount: z.number().nonnegative(),
  status: z.enum(['pending', 'processed', 'failed']),
  createdAt: isoDateTimeSchema,
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** A promotion an order got, as it was when the order was placed. */
export const orderPromotionSchema = z.object({
  code: z.string().nullable(),
  kind: z.string(),
  title: z.string(),
  /** Rupees: items and shipping. */
  saved: z.number().nonnegative(),
});

/** An order as clients see it (docs/api.md#orders). */
export const orderSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  createdAt: isoDateTimeSchema,
  /** Ours: the promised delivery day (YYYY-MM-DD, docs/delivery.md); null for orders placed before promises. */
  deliveryBy: z.string().nullable().optional(),
  status: orderStatusSchema,
  paymentMethod: gatewaySchema,
  totalAmount: rupeesSchema,
  qikinkOrderId: z.string(),
  items: z.array(orderItemSchema),
  deliveryAddress: orderDeliveryAddressSchema,
  awbNo: z.string().optional(),
  razorpayOrderId: z.string().optional(),
  paymentId: z.string().optional(),
  /** The courier's tracking page, once the parcel is handed over. */
  trackingLink: z.string().optional(),
  summary: orderSummarySchema.optional(),
  /** The order's refunds, oldest first; left out when there are none (an extra field older clients ignore). */
  refunds: z.array(orderRefundSchema).optional(),
  /**
   * Ours, left out when none applied: the promotions the order got (docs/promotions.md), each with what it saved
   * in rupees. The total is the summary's subtotal - promotionDiscount + shipping + tax.
   */
  promotions: z.array(orderPromotionSchema).optional(),
  /** Ours: rupees the promotions took off the items, present with `promotions`. */
  promotionDiscount: z.number().nonnegative().optional(),
  /** Ours, once issued: the GST tax invoice's number; its PDF is GET /orders/{orderId}/invoice (docs/gst.md). */
  invoiceNumber: z.string().optional(),
  /** Ours, left out when none: the credit notes against the invoice, oldest first, each with its rupees. */
  creditNotes: z.array(z.object({ number: z.string(), amount: z.number().nonnegative() })).optional(),
  /**
   * Ours, cash on delivery only (docs/cod-confirmation.md): whether the shopper confirmed the order, which goes to
   * print only once confirmed; left out for a prepaid order.
   */
  codConfirmation: z.enum(COD_CONFIRMATION_STATES).optional(),
  /** Ours, while `codConfirmation` is pending: until when it can be confirmed (then it is cancelled). */
  codConfirmBy: isoDateTimeSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /orders/{userId} */
export const ordersParamsSchema = z.object({ userId: idSchema('userId') });
export type OrdersParams = z.infer<typeof ordersParamsSchema>;

/** GET /orders/{userId}: newest first. */
export const ordersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(orderSchema),
  message: z.string(),
});
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/** POST /qikink/order and POST /razorpay/process-order: qikinkOrderId at the top level. */
export const placeOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  qikinkOrderId: z.string(),
  order: orderSchema,
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/** POST /orders/{orderId}/cancel: `{orderId}` is the order number (`qikinkOrderId`) or the order's `_id`. */
export const orderReferenceParamsSchema = z.object({
  orderId: z.string().trim().min(1, 'orderId is required').max(64, 'orderId must be at most 64 characters'),
});
export type OrderReferenceParams = z.infer<typeof orderReferenceParamsSchema>;

/** What a shopper's action on an order answers: what happened, and the order as it is now. */
export const orderActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: orderSchema,
});
export type OrderActionResponse = z.infer<typeof orderActionResponseSchema>;

/** POST /orders/{orderId}/cod-confirmation and the e-mailed link's form: the shopper's word on a COD order. */
export const codConfirmationBodySchema = z.object({
  action: z.enum(['confirm', 'cancel'], { error: 'action must be confirm or cancel' }),
});
export type CodConfirmationBody = z.infer<typeof codConfirmationBodySchema>;
