// What each outbox message says (docs/orders-lifecycle.md#e-mail), from the rows it names as they are when it is
// sent. Pure: the sender loads the rows. Amounts in rupees with Indian digit grouping; the refund wording follows
// the store's published policy (refunds within 14 business days).
import { PASSWORD_RESET_TTL_MINUTES, formatINR, indiaWallTime, paiseToRupees } from '@rangrez/contract/rules';
import { codConfirmLine, type StoreContact } from './confirmation.ts';
import { type Letter, type Rendered, renderLetter } from './letter.tsx';
import type { FulfilmentRow, OrderRow, RefundRow, ReturnRow } from './repository.ts';

const rupees = (paise: number) => formatINR(paiseToRupees(paise));
const hi = (order: Pick<OrderRow, 'firstName'>) => `Hi ${order.firstName},`;
const myOrders = (store: StoreContact) => ({ label: 'Follow your order', url: `${store.publicUrl}/orders` });

function customerLetter(store: StoreContact, order: OrderRow, letter: Omit<Letter, 'greeting'>): Rendered {
  return renderLetter({ greeting: hi(order), supportEmail: store.supportEmail, ...letter });
}

/** An order's invoice as its e-mails name it: the number, and the signed link to its PDF. */
export interface InvoiceMention {
  number: string;
  url?: string;
}

/** The invoice's line in the shipped and delivered e-mails (docs/gst.md#downloads); My Orders keeps it too. */
const invoiceLine = (invoice: InvoiceMention | undefined) =>
  invoice === undefined
    ? []
    : invoice.url
      ? [`Your tax invoice ${invoice.number}: ${invoice.url} (also in My Orders).`]
      : [`Your tax invoice ${invoice.number} is ready to download from My Orders.`];

export function orderShipped(
  order: OrderRow,
  parcel: FulfilmentRow | undefined,
  store: StoreContact,
  invoice?: InvoiceMention,
): Rendered {
  const courier = parcel?.courier ? ` with ${parcel.courier}` : '';
  const rows: [string, string][] = parcel?.awbNo ? [['AWB number', parcel.awbNo]] : [];
  return customerLetter(store, order, {
    subject: `Your Rangrez order ${order.orderNumber} has shipped`,
    title: 'Your order is on its way',
    paragraphs: [
      `Good news: your order ${order.orderNumber} has left our print studio${courier}.`,
      ...invoiceLine(invoice),
    ],
    rows,
    link: parcel?.trackingLink ? { label: 'Track your parcel', url: parcel.trackingLink } : myOrders(store),
  });
}

export function orderDelivered(order: OrderRow, store: StoreContact, invoice?: InvoiceMention): Rendered {
  return customerLetter(store, order, {
    subject: `Your Rangrez order ${order.orderNumber} has been delivered`,
    title: 'Delivered',
    paragraphs: [
      `Your order ${order.orderNumber} has been delivered. We hope you love it!`,
      'If something arrived with a manufacturing defect, you can ask for a return from My Orders within 7 days of delivery.',
      ...invoiceLine(invoice),
    ],
    link: myOrders(store),
  });
}

/** Whether, and how, the money comes back: prepaid money is refunded; cash on delivery was never taken. */
function cancelledMoney(order: OrderRow): string {
  if (order.paidPaise > 0 && order.paymentMethod === 'Prepaid') {
    return `The ${rupees(order.paidPaise)} you paid will be refunded to your original payment method: banks usually show it within 5-7 business days, and always within 14 business days.`;
  }
  if (order.paidPaise > 0) {
    return `The ${rupees(order.paidPaise)} you paid will be refunded within 14 business days; we will write when it is on its way.`;
  }
  return order.paymentMethod === 'COD'
    ? 'It was a Cash on Delivery order, so no money was taken and nothing needs to be refunded.'
    : 'No money was taken for this order, so nothing needs to be refunded.';
}

/** A COD order cancelled by the sweep, not by anyone: its window ran out before the shopper confirmed it. */
const timedOut = (order: OrderRow) =>
  order.codConfirmation === 'cancelled' &&
  order.codConfirmDeadline !== null &&
  order.updatedAt >= order.codConfirmDeadline;

export function orderCancelled(order: OrderRow, store: StoreContact): Rendered {
  const why = timedOut(order)
    ? [
        `We did not hear from you in time to confirm this Cash on Delivery order, so we cancelled it and released its items.`,
      ]
    : [];
  return customerLetter(store, order, {
    subject: `Your Rangrez order ${order.orderNumber} has been cancelled`,
    title: 'Order cancelled',
    paragraphs: [`Your order ${order.orderNumber} has been cancelled.`, ...why, cancelledMoney(order)],
    link: myOrders(store),
  });
}

function refundHow(refund: RefundRow): string {
  const amount = rupees(refund.amountPaise);
  switch (refund.method) {
    case 'manual':
      return `We have paid ${amount} back to you by UPI or bank transfer${refund.reference ? ` (reference ${refund.reference})` : ''}.`;
    case 'store_credit':
      return `${amount} has been added to your Rangrez store credit, ready for your next order.`;
    default:
      return `We have refunded ${amount} to your original payment method. Banks usually show it within 5-7 business days, and it always arrives within 14 business days.`;
  }
}

export function refundIssued(order: OrderRow, refund: RefundRow, store: StoreContact): Rendered {
  return customerLetter(store, order, {
    subject: `Refund of ${rupees(refund.amountPaise)} for your Rangrez order ${order.orderNumber}`,
    title: 'Your refund is on its way',
    paragraphs: [refundHow(refund)],
    rows: [
      ['Order', order.orderNumber],
      ['Amount', rupees(refund.amountPaise)],
      ['Reason', refund.reason],
    ],
    link: myOrders(store),
  });
}

/** A return's state in words; `ret` may be missing or have moved on, so the state named by the message counts. */
function returnNews(state: string, orderNumber: string, ret: ReturnRow | undefined, reprintNumber?: string) {
  switch (state) {
    case 'requested':
      return `We have your return request for order ${orderNumber}. We will look at it and reply within 24 hours.`;
    case 'approved':
      return `Your return for order ${orderNumber} is approved. Our courier partner will collect the product from your delivery address within 24-48 hours (at most 2 attempts); please pack it unused, unwashed and with its tags.`;
    case 'rejected':
      return `We could not accept your return for order ${orderNumber}${ret?.rejectionReason ? `: ${ret.rejectionReason}` : '.'}`;
    case 'pickup':
      return `Our courier partner is on the way to collect the product from order ${orderNumber}, within 24-48 hours.`;
    case 'received':
      return `The product you returned from order ${orderNumber} has reached us; we are checking it now.`;
    case 'reprinted':
      return `We are printing your order ${orderNumber} again, at no charge${reprintNumber ? `: the new piece comes as order ${reprintNumber}` : ''}. We will write when it ships.`;
    case 'refunded':
      return `Your return for order ${orderNumber} is complete and your refund has been issued; a separate e-mail has the details.`;
    default:
      return `There is news about your return for order ${orderNumber}.`;
  }
}

const RETURN_STATE_WORDS: Readonly<Record<string, string>> = {
  requested: 'request received',
  approved: 'approved',
  rejected: 'not accepted',
  pickup: 'pickup arranged',
  received: 'product received',
  reprinted: 'being reprinted',
  refunded: 'refunded',
};

export function returnUpdated(
  order: OrderRow,
  state: string,
  ret: ReturnRow | undefined,
  store: StoreContact,
  reprintNumber?: string,
): Rendered {
  const words = RETURN_STATE_WORDS[state] ?? 'updated';
  return customerLetter(store, order, {
    subject: `Your return for Rangrez order ${order.orderNumber}: ${words}`,
    title: `Return ${words}`,
    paragraphs: [returnNews(state, order.orderNumber, ret, reprintNumber)],
    link: myOrders(store),
  });
}

const orderRows = (order: OrderRow): [string, string][] => [
  ['Order', order.orderNumber],
  ['Customer', `${order.firstName} ${order.lastName}`],
  ['E-mail', order.email],
  ['Phone', order.phone],
  ['Payment', order.paymentMethod === 'COD' ? 'Cash on Delivery' : 'Prepaid'],
  ['Total', rupees(order.totalPaise)],
];

export function ownerNewOrder(order: OrderRow, store: StoreContact): Rendered {
  return renderLetter({
    subject: `New order ${order.orderNumber}: ${rupees(order.totalPaise)} (${order.paymentMethod === 'COD' ? 'COD' : 'Prepaid'})`,
    title: 'A new order',
    paragraphs: [`${order.firstName} ${order.lastName} placed order ${order.orderNumber} in ${order.city}.`],
    rows: orderRows(order),
    link: {
      label: 'Open it in the orders desk',
      url: `${store.publicUrl}/admin/orders/${order.orderNumber}`,
    },
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '26 Nov 2026, 10:00-11:00 IST' for the UTC hour '2026-11-26T04'. */
function hourInIst(hour: string): string {
  const start = new Date(`${hour}:00:00.000Z`);
  const [day = '', from = ''] = indiaWallTime(start).split('T');
  const to = indiaWallTime(new Date(start.getTime() + 3600_000)).slice(11);
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}, ${from}-${to} IST`;
}

export function ownerDigest(hour: string, confirmed: readonly OrderRow[], store: StoreContact): Rendered {
  const total = confirmed.reduce((sum, o) => sum + o.totalPaise, 0);
  const count = `${confirmed.length} new order${confirmed.length === 1 ? '' : 's'}`;
  return renderLetter({
    subject: `Rangrez: ${count}, ${hourInIst(hour)}`,
    title: `${count} in the hour`,
    paragraphs: [`${count} came in between ${hourInIst(hour)}, worth ${rupees(total)} together.`],
    rows: confirmed.map((o) => [`${o.orderNumber} · ${o.firstName} ${o.lastName}`, rupees(o.totalPaise)]),
    link: { label: 'Open the orders desk', url: `${store.publicUrl}/admin/orders` },
  });
}

/** A forgotten password's link (docs/accounts.md#passwords); it says nothing an address's owner does not know. */
export function passwordReset(link: string): Rendered {
  return renderLetter({
    subject: 'Reset your Rangrez password',
    title: 'Choose a new password',
    paragraphs: [
      'Someone, hopefully you, asked to reset the password of your Rangrez account.',
      `Choose a new password with the link below; it works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting it signs you out everywhere.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    link: { label: 'Choose a new password', url: link },
  });
}

export function staffInvitation(link: string, role: string | undefined): Rendered {
  return renderLetter({
    subject: 'You are invited to run the Rangrez store',
    title: 'Join the Rangrez back office',
    paragraphs: [
      `You have been invited to the Rangrez back office${role ? ` as ${role}` : ''}.`,
      'Choose your password with the link below; it works once, for 48 hours.',
      'If you did not expect this, ignore this e-mail.',
    ],
    link: { label: 'Choose your password', url: link },
  });
}

/** Half the window to confirm a COD order has passed: a reminder with the signed link. */
export function codReminder(order: OrderRow, store: StoreContact, confirmUrl: string | undefined): Rendered {
  const line = codConfirmLine(order, confirmUrl);
  return customerLetter(store, order, {
    subject: `Please confirm your Rangrez order ${order.orderNumber}`,
    title: 'Please confirm your order',
    paragraphs: [
      `Your Cash on Delivery order ${order.orderNumber} of ${rupees(order.totalPaise)} is waiting for your confirmation before we print it.`,
      ...(line ? [line] : []),
    ],
    link: confirmUrl ? { label: 'Confirm or cancel', url: confirmUrl } : myOrders(store),
  });
}

/** `variant` is 'Black, M' for one colour and size, '' for the whole product. */
export function backInStock(
  productName: string,
  variant: string,
  link: string,
  store: StoreContact,
): Rendered {
  const what = variant ? `${productName} (${variant})` : productName;
  return renderLetter({
    subject: `${productName} is back in stock`,
    title: 'It is back',
    paragraphs: [
      `You asked us to tell you when ${what} could be ordered again: it can, now.`,
      'Stock is limited and we could not hold one for you, so do not wait too long.',
    ],
    link: { label: 'Order it now', url: link },
    supportEmail: store.supportEmail,
  });
}
