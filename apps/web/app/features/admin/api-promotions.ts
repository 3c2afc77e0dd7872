// The back office's promotions (docs/admin.md#promotions): the list, one promotion, its edits, its batch of
// single-use codes, its report per day and the orders that used it.
import {
  type AdminPromotionCreateBody,
  type AdminPromotionPatchBody,
  adminPromotionCodesResponseSchema,
  adminPromotionGarmentTypesResponseSchema,
  adminPromotionGstCheckResponseSchema,
  adminPromotionListResponseSchema,
  adminPromotionOrdersResponseSchema,
  adminPromotionReportResponseSchema,
  adminPromotionResponseSchema,
} from '@rangrez/contract/schemas/admin-promotions';
import type { SignedInCall } from './api-call';

const promotion = (id: string) => `/promotions/${encodeURIComponent(id)}`;

export function promotionCalls(signedIn: SignedInCall) {
  return {
    promotions: () => signedIn('/promotions', adminPromotionListResponseSchema),
    /** What a promotion may target as garment types, by id. */
    promotionGarmentTypes: () =>
      signedIn('/promotions/garment-types', adminPromotionGarmentTypesResponseSchema),
    promotion: (id: string) => signedIn(promotion(id), adminPromotionResponseSchema),
    createPromotion: (body: AdminPromotionCreateBody) =>
      signedIn('/promotions', adminPromotionResponseSchema, { method: 'POST', body }),
    updatePromotion: (id: string, body: AdminPromotionPatchBody) =>
      signedIn(promotion(id), adminPromotionResponseSchema, { method: 'PATCH', body }),
    generatePromotionCodes: (id: string, count: number) =>
      signedIn(`${promotion(id)}/codes`, adminPromotionCodesResponseSchema, {
        method: 'POST',
        body: { count },
      }),
    /** The last 30 days in India, the server's default range. */
    promotionReport: (id: string) => signedIn(`${promotion(id)}/report`, adminPromotionReportResponseSchema),
    promotionOrders: (id: string, page: number) =>
      signedIn(`${promotion(id)}/orders?page=${page}`, adminPromotionOrdersResponseSchema),
    /** The products the offer would put between the GST slabs. */
    promotionGstCheck: (id: string) =>
      signedIn(`${promotion(id)}/gst-check`, adminPromotionGstCheckResponseSchema),
  };
}
