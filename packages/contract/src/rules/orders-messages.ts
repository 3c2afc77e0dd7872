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

/** A refund's status in words, in the expanded order. */
export const REFUND_STATUS_LABELS = {
  pending: 'On its way',
  processed: 'Refunded',
  failed: 'Failed: we are looking into it',
} as const;
