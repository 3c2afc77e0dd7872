// Messages of 'Complete payment' (docs/product/texts.md#orders), word for word. Their own file: only the lazily
// loaded payment section needs them, so they stay out of the orders page's first load.

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
