// The order confirmation e-mail: plain text and HTML (confirmation-email.tsx) from the same values, amounts with
// Indian digit grouping.
import {
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
}

const rupees = (paise: number) => formatINR(paiseToRupees(paise));

export function buildConfirmationEmail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  store: StoreContact,
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
  const payment =
    order.paymentMethod === 'COD'
      ? `Cash on Delivery: please keep ${rupees(order.totalPaise)} ready when your order arrives.`
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
