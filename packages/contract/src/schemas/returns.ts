// Defect returns (docs/api.md#returns, docs/admin.md#returns): the shopper's request and what they follow, and the
// back office's list, return page and decisions. The rules and words are in ../rules/returns.ts.
import { z } from 'zod';
import {
  BANK_ACCOUNT_PATTERN,
  IFSC_PATTERN,
  RETURN_MAX_PHOTOS,
  RETURN_MESSAGES,
  RETURN_PAYOUTS,
  RETURN_REASONS,
  RETURN_STATUSES,
  UPI_ID_PATTERN,
} from '../rules/returns.ts';
import { isUuid } from '../rules/patterns.ts';
import { boundedText } from './admin-basics.ts';
import { isoDateTimeSchema } from './basics.ts';

const mediaId = z
  .string({ error: RETURN_MESSAGES.photosNotOwned })
  .refine(isUuid, RETURN_MESSAGES.photosNotOwned);

/** POST /orders/{orderId}/returns. `items` defaults to every line of the order in full. */
export const returnRequestBodySchema = z
  .object({
    reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reasonInvalid }),
    description: z
      .string({ error: RETURN_MESSAGES.descriptionRequired })
      .trim()
      .min(1, RETURN_MESSAGES.descriptionRequired)
      .max(1000, RETURN_MESSAGES.descriptionTooLong),
    items: z
      .array(
        z.object({
          itemId: z
            .string({ error: RETURN_MESSAGES.itemUnknown })
            .refine(isUuid, RETURN_MESSAGES.itemUnknown),
          quantity: z
            .number({ error: 'quantity must be a whole number of at least 1' })
            .int('quantity must be a whole number of at least 1')
            .min(1, 'quantity must be a whole number of at least 1')
            .max(100, 'quantity must be a whole number of at least 1'),
        }),
        { error: 'items must be a list of { itemId, quantity }' },
      )
      .min(1, 'items must list at least one item')
      .max(50, 'items must list at most 50 items')
      .optional(),
    photoIds: z
      .array(mediaId, { error: RETURN_MESSAGES.evidenceRequired })
      .max(RETURN_MAX_PHOTOS, RETURN_MESSAGES.tooManyPhotos)
      .optional(),
    videoId: z
      .string({ error: RETURN_MESSAGES.videoNotOwned })
      .refine(isUuid, RETURN_MESSAGES.videoNotOwned)
      .optional(),
    payout: z.enum(RETURN_PAYOUTS, { error: 'payout must be original, upi, bank or store_credit' }),
    upiId: z.string({ error: RETURN_MESSAGES.upiInvalid }).trim().optional(),
    accountName: z.string({ error: RETURN_MESSAGES.accountNameRequired }).trim().max(100).optional(),
    accountNumber: z.string({ error: RETURN_MESSAGES.accountNumberInvalid }).trim().optional(),
    ifsc: z.string({ error: RETURN_MESSAGES.ifscInvalid }).trim().toUpperCase().optional(),
  })
  .superRefine((body, ctx) => {
    const photos = body.photoIds?.length ?? 0;
    if (photos > 0 && body.videoId)
      ctx.addIssue({ code: 'custom', message: RETURN_MESSAGES.photoAndVideo, path: ['videoId'] });
    else if (photos === 0 && !body.videoId)
      ctx.addIssue({ code: 'custom', message: RETURN_MESSAGES.evidenceRequired, path: ['photoIds'] });
    if (body.payout === 'upi' && !UPI_ID_PATTERN.test(body.upiId ?? '')) {
      ctx.addIssue({ code: 'custom', message: RETURN_MESSAGES.upiInvalid, path: ['upiId'] });
    }
    if (body.payout === 'bank') {
      if (!body.accountName)
        ctx.addIssue({ code: 'custom', message: RETURN_MESSAGES.accountNameRequired, path: ['accountName'] });
      else if (!BANK_ACCOUNT_PATTERN.test(body.accountNumber ?? '')) {
        ctx.addIssue({
          code: 'custom',
          message: RETURN_MESSAGES.accountNumberInvalid,
          path: ['accountNumber'],
        });
      } else if (!IFSC_PATTERN.test(body.ifsc ?? '')) {
        ctx.addIssue({ code: 'custom', message: RETURN_MESSAGES.ifscInvalid, path: ['ifsc'] });
      }
    }
  });
export type ReturnRequestBody = z.infer<typeof returnRequestBodySchema>;
export type ReturnRequestInput = z.input<typeof returnRequestBodySchema>;

const returnItemSchema = z.object({
  itemId: z.string(),
  productName: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int().positive(),
  /** Unit price in rupees. */
  price: z.number(),
});

const evidenceSchema = z.object({
  _id: z.string(),
  kind: z.enum(['photo', 'video']),
  /** A photo's image URL; a video's URL is an authenticated API path (fetch it with the caller's token). */
  url: z.string(),
  contentType: z.string().nullable(),
});

/** A return as its shopper follows it. */
export const returnSchema = z.object({
  _id: z.string(),
  /** The order's number. */
  orderId: z.string(),
  status: z.enum(RETURN_STATUSES),
  statusLabel: z.string(),
  reason: z.enum(RETURN_REASONS),
  reasonLabel: z.string(),
  description: z.string(),
  items: z.array(returnItemSchema),
  evidence: z.array(evidenceSchema),
  payout: z.enum(RETURN_PAYOUTS),
  rejectionReason: z.string().nullable(),
  /** The reprint's order number, once reprinted. */
  reprintOrderId: z.string().nullable(),
  /** Rupees refunded, once refunded. */
  refundAmount: z.number().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ReturnJson = z.infer<typeof returnSchema>;

export const returnResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  return: returnSchema,
});
export type ReturnResponse = z.infer<typeof returnResponseSchema>;

/** GET /orders/{orderId}/returns and GET /returns: newest first. */
export const returnListResponseSchema = z.object({
  success: z.literal(true),
  returns: z.array(returnSchema),
});
export type ReturnListResponse = z.infer<typeof returnListResponseSchema>;

/** GET /orders/{orderId}/returns: the order's returns, and whether a new one may be asked for now (and if not, why). */
export const orderReturnsResponseSchema = returnListResponseSchema.extend({
  canRequest: z.boolean(),
  /** Why not, in the words a request would be refused with; null when one may be asked for. */
  refusal: z.string().nullable(),
});
export type OrderReturnsResponse = z.infer<typeof orderReturnsResponseSchema>;

/** POST /orders/{orderId}/returns/photos and /video: the id to put in `photoIds` or `videoId`. */
export const returnUploadResponseSchema = z.object({
  success: z.literal(true),
  upload: z.object({ _id: z.string(), kind: z.enum(['photo', 'video']), url: z.string() }),
});
export type ReturnUploadResponse = z.infer<typeof returnUploadResponseSchema>;

// The back office

export const returnIdParamsSchema = z.object({
  returnId: z.string().refine(isUuid, RETURN_MESSAGES.returnNotFound),
});

export const adminReturnQuerySchema = z.object({
  state: z
    .enum([...RETURN_STATUSES, 'open'], {
      error: `state must be open or one of ${RETURN_STATUSES.join(', ')}`,
    })
    .optional(),
  cursor: z.string().max(200, 'cursor is not valid').optional(),
});
export type AdminReturnQuery = z.infer<typeof adminReturnQuerySchema>;

/** A return on the back office's list. */
export const adminReturnRowSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  customer: z.string(),
  payout: z.enum(RETURN_PAYOUTS),
  itemCount: z.number().int(),
  createdAt: isoDateTimeSchema,
});
export type AdminReturnRow = z.infer<typeof adminReturnRowSchema>;

export const adminReturnListResponseSchema = z.object({
  success: z.literal(true),
  returns: z.array(adminReturnRowSchema),
  nextCursor: z.string().nullable(),
});
export type AdminReturnListResponse = z.infer<typeof adminReturnListResponseSchema>;

/** The return page: everything the decision needs. */
export const adminReturnSchema = returnSchema.extend({
  order: z.object({
    _id: z.string(),
    orderId: z.string(),
    paymentMethod: z.string(),
    paymentState: z.string(),
    fulfilmentState: z.string(),
    refundState: z.string(),
    total: z.number(),
    deliveredAt: isoDateTimeSchema.nullable(),
  }),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  payoutDetails: z.object({
    upiId: z.string().nullable(),
    accountName: z.string().nullable(),
    accountNumber: z.string().nullable(),
    ifsc: z.string().nullable(),
  }),
  /** What refunding the returned lines would pay, in rupees. */
  linesValue: z.number(),
  resolution: z.enum(['reprint', 'refund']).nullable(),
  refundId: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const adminReturnResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  return: adminReturnSchema,
});
export type AdminReturnResponse = z.infer<typeof adminReturnResponseSchema>;

export const adminReturnRejectBodySchema = z.object({
  reason: boundedText('reason', 500).min(1, RETURN_MESSAGES.rejectionReasonRequired),
});

/** POST /admin/returns/{returnId}/refund: rupees (the returned lines' value when left out); a reference for a UPI or bank payout. */
export const adminReturnRefundBodySchema = z.object({
  amount: z
    .number({ error: 'amount must be a positive number of rupees with at most 2 decimals' })
    .positive('amount must be a positive number of rupees with at most 2 decimals')
    .max(10_000_000, 'amount must be a positive number of rupees with at most 2 decimals')
    .refine(
      (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
      'amount must be a positive number of rupees with at most 2 decimals',
    )
    .optional(),
  reference: boundedText('reference', 120).optional(),
});
export type AdminReturnRefundBody = z.infer<typeof adminReturnRefundBodySchema>;
