// The return form's fields and their checks (docs/orders-lifecycle.md#returns), in the contract's words, so the
// shopper reads the same message inline that the server would answer. Pure.
import {
  BANK_ACCOUNT_PATTERN,
  IFSC_PATTERN,
  RETURN_MAX_PHOTOS,
  RETURN_MESSAGES,
  type ReturnPayout,
  type ReturnReason,
  UPI_ID_PATTERN,
} from '@rangrez/contract/rules/returns';
import type { Order, ReturnRequestInput } from '@rangrez/contract/schemas';

export interface ReturnFormValues {
  /** Units to return per order line; 0 leaves the line out. */
  quantities: Record<string, number>;
  reason: ReturnReason | '';
  description: string;
  evidence: 'photos' | 'video';
  photoIds: string[];
  videoId: string | null;
  payout: ReturnPayout;
  upiId: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
}

export type ReturnFormErrors = Partial<
  Record<
    'items' | 'reason' | 'description' | 'evidence' | 'upiId' | 'accountName' | 'accountNumber' | 'ifsc',
    string
  >
>;

export const RETURN_FORM_TEXTS = {
  request: 'Request a return',
  title: 'Return for a defect',
  items: 'Which items?',
  itemsRequired: 'Choose at least one item',
  reason: 'Reason',
  chooseReason: 'Choose a reason',
  description: 'What is wrong?',
  evidence: 'Show us the defect',
  photos: 'Photos',
  photosHint: `1 to ${RETURN_MAX_PHOTOS}: JPEG, PNG, WebP or AVIF, at least 600 px wide and at most 20 MB each.`,
  addPhotos: 'Add photos',
  photoLimit: `You can add up to ${RETURN_MAX_PHOTOS} photos.`,
  video: 'A short video instead',
  videoHint: 'MP4, WebM or MOV, at most 20 MB.',
  payout: 'How should we refund you if we refund?',
  prepaidPayout:
    'If we refund this order, the money goes back to the card, UPI or bank account you paid with.',
  upiId: 'UPI ID',
  accountName: 'Account holder name',
  accountNumber: 'Account number',
  ifsc: 'IFSC code',
  submit: 'Send return request',
  cancel: 'Cancel',
  waitForUploads: 'Wait until your photos or video have uploaded, or remove them.',
} as const;

export function initialValues(order: Order): ReturnFormValues {
  return {
    quantities: Object.fromEntries(order.items.map((i) => [i._id, i.quantity])),
    reason: '',
    description: '',
    evidence: 'photos',
    photoIds: [],
    videoId: null,
    payout: order.paymentMethod === 'COD' ? 'upi' : 'original',
    upiId: '',
    accountName: '',
    accountNumber: '',
    ifsc: '',
  };
}

function payoutErrors(v: ReturnFormValues): ReturnFormErrors {
  if (v.payout === 'upi' && !UPI_ID_PATTERN.test(v.upiId.trim()))
    return { upiId: RETURN_MESSAGES.upiInvalid };
  if (v.payout !== 'bank') return {};
  const errors: ReturnFormErrors = {};
  if (!v.accountName.trim()) errors.accountName = RETURN_MESSAGES.accountNameRequired;
  if (!BANK_ACCOUNT_PATTERN.test(v.accountNumber.trim()))
    errors.accountNumber = RETURN_MESSAGES.accountNumberInvalid;
  if (!IFSC_PATTERN.test(v.ifsc.trim().toUpperCase())) errors.ifsc = RETURN_MESSAGES.ifscInvalid;
  return errors;
}

export function validateReturn(v: ReturnFormValues): ReturnFormErrors {
  const errors: ReturnFormErrors = {};
  if (!Object.values(v.quantities).some((q) => q > 0)) errors.items = RETURN_FORM_TEXTS.itemsRequired;
  if (!v.reason) errors.reason = RETURN_MESSAGES.reasonInvalid;
  if (!v.description.trim()) errors.description = RETURN_MESSAGES.descriptionRequired;
  const photos = v.photoIds.length;
  if (v.evidence === 'photos' ? photos < 1 || photos > RETURN_MAX_PHOTOS : !v.videoId) {
    errors.evidence =
      photos > RETURN_MAX_PHOTOS ? RETURN_MESSAGES.tooManyPhotos : RETURN_MESSAGES.evidenceRequired;
  }
  return { ...errors, ...payoutErrors(v) };
}

/** The request body: the chosen lines, the chosen evidence only, the payout's own fields only. */
export function requestBody(v: ReturnFormValues): ReturnRequestInput {
  return {
    reason: v.reason as ReturnReason,
    description: v.description.trim(),
    items: Object.entries(v.quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([itemId, quantity]) => ({ itemId, quantity })),
    ...(v.evidence === 'photos' ? { photoIds: v.photoIds } : { videoId: v.videoId ?? '' }),
    payout: v.payout,
    ...(v.payout === 'upi' ? { upiId: v.upiId.trim() } : {}),
    ...(v.payout === 'bank'
      ? {
          accountName: v.accountName.trim(),
          accountNumber: v.accountNumber.trim(),
          ifsc: v.ifsc.trim().toUpperCase(),
        }
      : {}),
  };
}
