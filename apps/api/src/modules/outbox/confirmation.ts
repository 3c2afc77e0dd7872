// The order confirmation e-mail: plain text and HTML (confirmation-email.tsx) from the same values, amounts with
// Indian digit grouping.
import {
  codDeadlineText,
  colourByCode,
  DELIVERY_ESTIMATE,
  deliveredByLabel,
  formatINR,
  paiseToRupees,
} from '@rangrez/contract/rules';
import { createElement } from 'react';
import { renderEmailHtml } from '../../lib/email-html.tsx';
import { ConfirmationEmail } from './confirmation-email.tsx';
import type { Rendered } from './letter.tsx';
import type { OrderItemRow, OrderRow } from './repository.ts';

export interface StoreContact {
  publicUrl: string;
  supportEmail: string;
  /** The signed link to an invoice's PDF (docs/gst.md#downloads); without it the e-mails point to My Orders. */
  invoiceUrl?: (documentId: string) => Promise<string>;
  /** The signed link to confirm or cancel a COD order still waiting (docs/cod-confirmation.md); none otherwise. */
  codConfirmUrl?: (order: OrderRow) => Promise<string | undefined>;
}

/** A COD order waiting for its confirmation: what to do, by when, and where (the signed link). */
export function codConfirmLine(order: OrderRow, url: string | undefined): string | undefined {
  if (order.codConfirmation !== 'pending' || !order.codConfirmDeadline || !url) return undefined;
  return `Please confirm your Cash on Delivery order by ${codDeadlineText(order.codConfirmDeadline)}, or it will be cancelled: ${url}`;
}

const rupees = (paise: number) => formatINR(paiseToRupees(paise));

export function buildConfirmationEmail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  store: StoreContact,
  confirmUrl?: string,
): Rendered {
  const name = order.firstName;
  const lines = items.map((item) => ({
    label: `${item.productName} (Size ${item.size}, ${colourByCode(item.color).name}) x ${item.quantity}`,
    amount: rupees(item.unitPricePaise * item.quantity),
  }));
  const totals: [string, string][] = [
    ['Original Price', rupees(order.subtotalPaise + order.discountPaise)],
    ['Discount', `-${rupees(order.discountPaise)}`],
    ['Subtotal', rupees(order.subtotalPaise)],
    ['Shipping', order.shippingPaise === 0 ? 'Free' : rupees(order.shippingPaise)],
    ['Total', rupees(order.totalPaise)],
  ];
  const confirm = codConfirmLine(order, confirmUrl);
  const payment =
    order.paymentMethod === 'COD'
      ? `Cash on Delivery: please keep ${rupees(order.totalPaise)} ready when your order arrives.${confirm ? ` ${confirm}` : ''}`
      : 'Paid online.';
  const address = [
    `${order.firstName} ${order.lastName}`,
    `${order.doorNo}, ${order.street}`,
    `${order.city}, ${order.addressState} ${order.pincode}`,
    `Phone: ${order.phone}`,
  ];
  const ordersUrl = `${store.publicUrl}/orders`;

  const text = [
    `Hi ${name},`,
    '',
    `Thank you for shopping with Rangrez! Your order ${order.orderNumber} is confirmed.`,
    '',
    'Items:',
    ...lines.map((l) => `  ${l.label}: ${l.amount}`),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    payment,
    '',
    'Delivery address:',
    ...address.map((l) => `  ${l}`),
    '',
    order.deliveryBy ? `${deliveredByLabel(order.deliveryBy)}.` : `Estimated delivery: ${DELIVERY_ESTIMATE}.`,
    `Follow your order at ${ordersUrl}`,
    '',
    `Questions? Write to ${store.supportEmail}.`,
    '',
    'Rangrez',
  ].join('\n');

  const html = renderEmailHtml(
    createElement(ConfirmationEmail, {
      name,
      orderNumber: order.orderNumber,
      lines,
      totals,
      payment,
      address,
      deliveryEstimate: DELIVERY_ESTIMATE,
      deliveredBy: order.deliveryBy ? deliveredByLabel(order.deliveryBy) : null,
      ordersUrl,
      supportEmail: store.supportEmail,
    }),
  );

  return {
    subject: `Your Rangrez order ${order.orderNumber} is confirmed`,
    text,
    html,
  };
}
