// The order confirmation e-mail: plain text and HTML (confirmation-email.tsx), amounts with Indian digit grouping,
// sent through the mail port (SMTP, or .eml files under DATA_DIR/mail). At most once per order: the send is claimed in the order's
// history under the order's row lock first; a failed send gives the claim back so the job's retry can send it.
import { colourByCode, DELIVERY_ESTIMATE, formatINR, paiseToRupees } from '@rangrez/contract/rules';
import { createElement } from 'react';
import { renderEmailHtml } from '../../lib/email-html.tsx';
import type { Mailer, MailMessage } from '../../integrations/mail/port.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import {
  deleteEventNote,
  hasEventNote,
  itemsOf,
  lockOrder,
  type OrderItemRow,
  type OrderRow,
} from './repository.ts';
import { ConfirmationEmail } from './confirmation-email.tsx';
import { recordNote } from './transitions.ts';

export const CONFIRMATION_EMAIL_NOTE = 'confirmation e-mail sent';

export interface StoreContact {
  publicUrl: string;
  supportEmail: string;
}

const rupees = (paise: number) => formatINR(paiseToRupees(paise));

export function buildConfirmationEmail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  store: StoreContact,
): MailMessage {
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
    `Estimated delivery: ${DELIVERY_ESTIMATE}.`,
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
      ordersUrl,
      supportEmail: store.supportEmail,
    }),
  );

  return {
    to: order.email,
    subject: `Your Rangrez order ${order.orderNumber} is confirmed`,
    text,
    html,
  };
}

export function createConfirmationEmails(options: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  store: StoreContact;
}) {
  const { db, clock, mailer } = options;
  return {
    /** The orders.confirmation-email job. 'already' when it was sent before; 'skipped' for an unconfirmed order. */
    async send(orderId: string): Promise<'sent' | 'already' | 'skipped'> {
      const claimed = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order || order.state !== 'confirmed') return 'skipped' as const;
        if (await hasEventNote(tx, orderId, CONFIRMATION_EMAIL_NOTE)) return 'already' as const;
        await recordNote(tx, order, CONFIRMATION_EMAIL_NOTE, clock.now());
        return order;
      });
      if (typeof claimed === 'string') return claimed;
      try {
        await mailer.send(buildConfirmationEmail(claimed, await itemsOf(db, [orderId]), options.store));
      } catch (err) {
        await deleteEventNote(db, orderId, CONFIRMATION_EMAIL_NOTE);
        throw err;
      }
      return 'sent';
    },
  };
}
