// Messages of the orders page (docs/product/texts.md#orders).
// Word for word; split by area so a page loads only the messages it shows. error-catalogue.ts and
// validation-messages.ts re-export them all.

export const ORDERS_MESSAGES = {
  noUserData: 'No user data available',
  fetchFailed: 'Failed to fetch orders',
  connectionError: 'Error connecting to server',
  sessionExpired: 'Session expired. Please login again.',
  noOrders: 'No orders found',
} as const;

/** 'Complete payment' on an online order still waiting for its money (docs/product/texts.md#orders). */
export const COMPLETE_PAYMENT_MESSAGES = {
  heading: 'Complete payment',
  failed: 'Your payment did not go through. No money was taken.',
  pending: 'We have not received the payment for this order. No money was taken.',
  payNow: 'Pay now',
  switchToCod: 'Switch to Cash on Delivery',
  confirmSwitch: 'Switch to Cash on Delivery?',
  /** The new total, with the cash on delivery fee. */
  newTotal: (total: string, fee: string) => `New total: ${total} (includes the ${fee} cash on delivery fee).`,
  yesSwitch: 'Yes, switch',
  keepOnline: 'Keep paying online',
  paid: 'Payment received. Your order is confirmed.',
  notTaken: 'No money was taken.',
} as const;

/** A refund's status in words, in the expanded order. */
export const REFUND_STATUS_LABELS = {
  pending: 'On its way',
  processed: 'Refunded',
  failed: 'Failed: we are looking into it',
} as const;
