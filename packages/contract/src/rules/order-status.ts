// The order status a shopper sees (docs/orders-lifecycle.md#the-status-a-shopper-sees), lower case. Transitions
// are the API's business (one state machine there); this file only names the statuses and how they look.

export const ORDER_STATUSES = [
  'created',
  'payment_pending',
  'payment_failed',
  'confirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'cancellation_requested',
  'disputed',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export const ORDER_STATUS_TONES = ['neutral', 'info', 'warning', 'success', 'danger'] as const;
export type OrderStatusTone = (typeof ORDER_STATUS_TONES)[number];

const TONES: Record<OrderStatus, OrderStatusTone> = {
  created: 'info',
  payment_pending: 'warning',
  payment_failed: 'danger',
  confirmed: 'info',
  processing: 'info',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'danger',
  cancellation_requested: 'warning',
  disputed: 'warning',
  refunded: 'neutral',
};

/** Badge tone of a status; an unknown status gets the default 'neutral' style. */
export function orderStatusTone(status: string): OrderStatusTone {
  return isOrderStatus(status) ? TONES[status] : 'neutral';
}

/** Words whose label is not the status in title case. */
const LABELS: Partial<Record<OrderStatus, string>> = { cancellation_requested: 'Cancellation requested' };

/** 'payment_pending' -> 'Payment Pending'. */
export function orderStatusLabel(status: string): string {
  const label = isOrderStatus(status) ? LABELS[status] : undefined;
  if (label) return label;
  return status
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** How an order was placed: straight from the product page, or from the cart (which is then cleared). */
export const ORDER_TYPES = ['BUY_NOW', 'CART_CHECKOUT'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
