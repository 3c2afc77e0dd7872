// Cash-on-delivery confirmation (docs/cod-confirmation.md): a COD order waits for the shopper's word before it is
// handed to the print partner; these are its states, who can give the word, and the texts the shopper sees.

export const COD_CONFIRMATION_STATES = ['pending', 'confirmed', 'cancelled'] as const;
export type CodConfirmationState = (typeof COD_CONFIRMATION_STATES)[number];

/** Who confirmed: the shopper on the site or the e-mailed link, a message reply, or staff after a phone call. */
export const COD_CONFIRMERS = ['shopper', 'whatsapp', 'sms', 'staff'] as const;
export type CodConfirmer = (typeof COD_CONFIRMERS)[number];

export const COD_CONFIRMATION_ACTIONS = ['confirm', 'cancel'] as const;
export type CodConfirmationAction = (typeof COD_CONFIRMATION_ACTIONS)[number];

export const COD_CONFIRMATION_MESSAGES = {
  confirmed: 'Thank you! Your order is confirmed and goes to print now.',
  cancelled: 'Your order has been cancelled.',
  notCod: 'Only a Cash on Delivery order needs confirming.',
  alreadyConfirmed: 'This order is already confirmed.',
  alreadyCancelled: 'This order has already been cancelled.',
  notYours: 'This order belongs to another account.',
  linkInvalid: 'This link is not valid.',
  linkExpired: 'This link has expired. Please open My Orders to see your order.',
  windowClosed: 'The time to confirm this order has passed.',
} as const;

/** A deadline as the shopper reads it, in India time: "Fri, 27 Nov, 4:30 pm". */
export function codDeadlineText(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(at);
}
