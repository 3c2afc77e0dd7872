// Defect returns (docs/orders-lifecycle.md#returns): the published policy's window, the reasons a shopper picks
// from, the status words they follow, how a cash-on-delivery refund is paid out, and every refusal in words. Pure
// and free of zod, so the store's return form checks the same rules in the browser.
import { daysBetween, indiaDate } from './india-days.ts';

/** Returns are accepted for this many days after delivery (the store's published refund policy). */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_MAX_PHOTOS = 5;
/** A short video of the defect: at most this many bytes (checked while it streams in). */
export const RETURN_VIDEO_MAX_BYTES = 20 * 1024 * 1024;

export const RETURN_REASONS = ['misprint', 'wrong_size', 'wrong_item', 'damaged', 'defective'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, string>> = {
  misprint: 'Misprint (faded, smudged or off-centre print)',
  wrong_size: 'Wrong size sent',
  wrong_item: 'Wrong item sent',
  damaged: 'Damaged (torn or holes)',
  defective: 'Stained or otherwise defective',
};

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'pickup',
  'received',
  'reprinted',
  'refunded',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The words a shopper (and the back office) sees for each state of a return. */
export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  requested: 'Return requested',
  approved: 'Return approved',
  rejected: 'Return rejected',
  pickup: 'Pickup scheduled',
  received: 'Return received',
  reprinted: 'Reprinted',
  refunded: 'Refunded',
};

/** States in which a return is still being worked on (the shopper cannot ask again, staff have to act). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'pickup', 'received'];

export const RETURN_PAYOUTS = ['original', 'upi', 'bank', 'store_credit'] as const;
export type ReturnPayout = (typeof RETURN_PAYOUTS)[number];

export const RETURN_PAYOUT_LABELS: Readonly<Record<ReturnPayout, string>> = {
  original: 'To the original payment method',
  upi: 'To a UPI ID',
  bank: 'To a bank account',
  store_credit: 'As store credit',
};

export const RETURN_MESSAGES = {
  requested: 'Return requested. We will look at it within 2 business days.',
  orderNotFound: 'Order not found',
  returnNotFound: 'Return not found',
  notDelivered: 'Only a delivered order can be returned.',
  windowClosed: `Returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery. The window for this order has closed.`,
  alreadyOpen: 'This order already has a return request.',
  reprintNotReturnable: 'A reprint cannot be returned again. Please contact support.',
  reasonInvalid: 'Choose a reason for the return',
  descriptionRequired: 'Describe the defect',
  descriptionTooLong: 'The description must be at most 1000 characters',
  evidenceRequired: 'Add 1 to 5 photos of the defect, or a short video',
  tooManyPhotos: `Add at most ${RETURN_MAX_PHOTOS} photos`,
  photoAndVideo: 'Add photos or a video, not both',
  photosNotOwned: 'Photos must be ones you uploaded',
  videoNotOwned: 'The video must be one you uploaded for this order',
  itemUnknown: 'That item is not part of this order',
  itemRepeated: 'Each item can be listed once',
  quantityTooLarge: (name: string, max: number) => `You can return at most ${max} of ${name}`,
  payoutOriginalOnly: 'A prepaid order is refunded to the original payment method',
  payoutForCod: 'Choose how to be refunded: UPI, bank account or store credit',
  upiInvalid: 'Enter a valid UPI ID, for example name@okbank',
  accountNameRequired: "Enter the account holder's name",
  accountNumberInvalid: 'The account number must be 9 to 18 digits',
  ifscInvalid: 'Enter a valid IFSC code, for example HDFC0001234',
  videoInvalid: 'The video must be an MP4, WebM or QuickTime file',
  videoTooLarge: 'The video is larger than 20 MB',
  videoMissing: 'Send the video as multipart/form-data, in a field named file',
  // Staff
  rejectionReasonRequired: 'reason is required',
  referenceRequired: 'reference is required: the UPI or bank transfer reference of the payout',
  illegalMove: (from: ReturnStatus, action: string) =>
    `A return that is ${RETURN_STATUS_LABELS[from].toLowerCase()} cannot be ${action}.`,
  reprintOutOfStock: (item: string) =>
    `${item} is out of stock: refund this return instead, or restock it first.`,
  approved: 'Return approved',
  rejected: 'Return rejected',
  pickup: 'Pickup scheduled',
  received: 'Return marked as received',
  reprinted: 'Reprint sent to the print partner',
  refunded: 'Refund recorded',
} as const;

/** A UPI ID: a handle, '@', and the provider's name (name@okhdfcbank). */
export const UPI_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
export const BANK_ACCOUNT_PATTERN = /^[0-9]{9,18}$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/**
 * Whether a return may still be asked for: on the day of delivery and the RETURN_WINDOW_DAYS calendar days after
 * it (India time), so an order delivered on a Monday can be returned until the end of the next Monday.
 */
export function returnWindowOpen(deliveredAt: Date, now: Date): boolean {
  const days = daysBetween(indiaDate(deliveredAt), indiaDate(now));
  return days >= 0 && days <= RETURN_WINDOW_DAYS;
}
