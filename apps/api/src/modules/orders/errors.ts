// Expected failures of placing and paying for an order, as typed errors. They extend AppError, so the one error
// handler (plugins/errors.ts) answers them in the contract's shape with their status; callers that need to react
// (the payment flow refunding a paid order that cannot be filled) match on the class.
import { PAYMENT_MESSAGES, variantLabel } from '@rangrez/contract/rules';
import { AppError } from '../../lib/errors.ts';

export const ORDER_MESSAGES = {
  placed: 'Order placed successfully',
  paid: 'Payment verified. Order placed successfully',
  listed: 'Orders fetched successfully',
  noOrders: 'No orders found',
  priceChanged: 'Prices have changed. Please review your order.',
  onlineNeedsPayment: 'Online payment orders are placed through /razorpay/process-order',
  prepaidOnly: 'gateway must be Prepaid for online payment',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 characters: letters, digits, "-", "_", ":" or "."',
  tooManyUnits: (max: number) => `An order can have at most ${max} items. Please split your order.`,
  tooManyUnpaid: (max: number) =>
    `You already have ${max} orders waiting for payment. Complete or cancel one of them before placing another.`,
  cancelled: 'Your order has been cancelled.',
  cancellationRequested:
    'Cancellation requested. Your order is with our print partner; we will confirm once they have stopped it.',
  orderNotFound: 'Order not found',
  prepaidFinal:
    'Prepaid orders cannot be cancelled. If your order arrives with a defect, you can request a return after delivery.',
  alreadyCancelled: 'This order is already cancelled.',
  cancelAlreadyRequested: 'Cancellation has already been requested for this order.',
  tooLateToCancel: 'This order has already shipped and can no longer be cancelled.',
  idempotencyKeyReused: 'This request was already used for a different order.',
  paymentProviderDown: 'The payment provider could not be reached. Please try again.',
  verificationFailed: PAYMENT_MESSAGES.verificationFailed,
  paymentUnmatched: 'This payment could not be matched to an order. It will be refunded.',
  // Paying again or switching to cash on delivery (docs/orders-lifecycle.md#paying-again).
  alreadyConfirmed: 'This order is already confirmed. There is nothing left to pay.',
  notOnline: 'This order is paid in cash on delivery. There is nothing to pay online.',
  paymentReceived:
    'A payment for this order has already been received, so it cannot be switched to Cash on Delivery.',
  reservationOver: 'This order has expired. Please place a new order.',
  noLongerAvailable: (what: string) => `${what} is no longer available. Please place a new order.`,
  switchedToCod: 'Your order is confirmed. You will pay in cash on delivery.',
  switchedAway: 'This order was switched to Cash on Delivery',
  orderBodyNeeded: 'orderItems must be a list of items',
} as const;

export const productNotFound = (productId: string) =>
  new AppError(404, `Product not found: ${productId}`, 'PRODUCT_NOT_FOUND');

export const sizeUnavailable = (size: string, productName: string) =>
  new AppError(400, `Size ${size} is not available for ${productName}`, 'SIZE_UNAVAILABLE');

export const colourUnavailable = (color: string, productName: string) =>
  new AppError(400, `Colour ${color} is not available for ${productName}`, 'COLOUR_UNAVAILABLE');

/**
 * Not enough stock for a line: 409 naming the product, colour and size (docs/api.md#errors: 409 for stock
 * conflicts), e.g. 'Only 2 left of Oni Mask Tee (Black, M)' or 'Oni Mask Tee (Black, M) is out of stock'.
 */
export class OutOfStockError extends AppError {
  constructor(
    readonly productName: string,
    readonly available: number,
    readonly variant?: { color: string; size: string },
  ) {
    const what = variant ? variantLabel(productName, variant.color, variant.size) : productName;
    super(
      409,
      available > 0 ? `Only ${available} left of ${what}` : `${what} is out of stock`,
      'OUT_OF_STOCK',
    );
    this.name = 'OutOfStockError';
  }
}

/** The client's totalAmount (or a paid amount) differs from what the server computed: nothing is created. */
export class PriceChangedError extends AppError {
  constructor() {
    super(409, ORDER_MESSAGES.priceChanged, 'PRICE_CHANGED');
    this.name = 'PriceChangedError';
  }
}

/** A checkout signature that does not verify, or ids that are not this shopper's: nothing is confirmed. */
export class PaymentVerificationError extends AppError {
  constructor() {
    super(400, ORDER_MESSAGES.verificationFailed, 'PAYMENT_VERIFICATION_FAILED');
    this.name = 'PaymentVerificationError';
  }
}

/** A paid order that cannot be filled (stock gone after the reservation ran out): flagged for refund. */
export class PaidButUnfillableError extends AppError {
  constructor(message: string) {
    super(409, `${message}. Your payment will be refunded.`, 'PAID_BUT_UNFILLABLE');
    this.name = 'PaidButUnfillableError';
  }
}
