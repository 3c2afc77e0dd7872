// How an order is shown (docs/product/screens.md#orders-page; statuses in docs/orders-lifecycle.md). Pure.
import { cartTotals } from '@rangrez/contract/rules/cart-totals';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import {
  type OrderStatusTone,
  orderStatusLabel,
  orderStatusTone,
} from '@rangrez/contract/rules/order-status';
import { ORDERS_MESSAGES } from '@rangrez/contract/rules/orders-messages';
import { COD_FEE_RUPEES, shippingFee } from '@rangrez/contract/rules/shipping';
import type { Order, OrderSummary } from '@rangrez/contract/schemas';
import { ApiError } from '../../lib/api';

/**
 * US long format with time (docs/product/rules.md#dates-and-currency): 'November 21, 2026 at 10:15 AM'. Built from
 * parts: ICU versions disagree on the joiner (', ' or ' at ') and on the space before AM/PM (U+202F in newer ones).
 */
export function formatOrderDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

export function sortNewestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/**
 * Original Price, Discount, Subtotal, shipping and Total (docs/product/rules.md). The server's figures as
 * fixed when the order was placed; for an answer without them, the contract's one totals rule over the lines.
 */
export function orderSummary(order: Order): OrderSummary {
  if (order.summary) return order.summary;
  // Orders answered without figures predate the fee as a setting: they were charged the default.
  return cartTotals({
    lines: order.items.map((item) => ({ price: item.price, mrp: item.mrp, quantity: item.quantity })),
    shipping: shippingFee(order.paymentMethod, COD_FEE_RUPEES),
  });
}

const TONE_CLASSES: Record<OrderStatusTone, string> = {
  neutral: 'bg-neutral-100 text-neutral-800 ring-neutral-300',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
};

/** Badge text and classes; an unknown status gets the default (neutral) style. */
export function statusBadge(status: string): { label: string; tone: OrderStatusTone; className: string } {
  const tone = orderStatusTone(status);
  return { label: orderStatusLabel(status), tone, className: TONE_CLASSES[tone] };
}

export const PAYMENT_METHOD_LABELS: Record<Order['paymentMethod'], string> = {
  COD: 'Cash on Delivery',
  Prepaid: 'Online',
};

/** The banner's text for a failed load (docs/product/texts.md#orders). */
export function ordersErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) {
      return error.message === NETWORK_MESSAGES.offline
        ? NETWORK_MESSAGES.offline
        : ORDERS_MESSAGES.connectionError;
    }
    if (error.status === 401) return ORDERS_MESSAGES.sessionExpired;
    return ORDERS_MESSAGES.fetchFailed;
  }
  return ORDERS_MESSAGES.connectionError;
}

/**
 * Whether the shopper may ask to cancel (docs/orders-lifecycle.md#cancellation): an unpaid online attempt, or a
 * cash-on-delivery order that has not shipped. The server decides; this only offers the button.
 */
export function canAskToCancel(order: Pick<Order, 'status' | 'paymentMethod'>): boolean {
  if (order.status === 'payment_pending' || order.status === 'payment_failed') return true;
  return order.paymentMethod === 'COD' && (order.status === 'confirmed' || order.status === 'processing');
}

/**
 * Whether 'Complete payment' is offered (docs/orders-lifecycle.md#paying-again): an online order still waiting for
 * its money. The server decides; this only offers the buttons.
 */
export function canCompletePayment(order: Pick<Order, 'status' | 'paymentMethod'>): boolean {
  return (
    order.paymentMethod === 'Prepaid' &&
    (order.status === 'payment_pending' || order.status === 'payment_failed')
  );
}

/** The order's total once switched to cash on delivery: the same lines, with the cash on delivery fee in force. */
export function cashOnDeliveryTotal(order: Order, codFee: number): number {
  return order.totalAmount - orderSummary(order).shipping + shippingFee('COD', codFee);
}
