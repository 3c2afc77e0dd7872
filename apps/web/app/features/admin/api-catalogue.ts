// The back office's catalogue calls (docs/admin.md#products and #reviews): products with their variants and
// timeline and galleries, their CSV import, and the reviews' moderation. Every answer is parsed with the contract's
// schema.
import { auditListResponseSchema } from '@rangrez/contract/schemas/admin';
import {
  type AdminProductCreateBody,
  type AdminProductImagesBody,
  type AdminProductPatchBody,
  type AdminVariantsBody,
  adminProductListResponseSchema,
  adminProductResponseSchema,
} from '@rangrez/contract/schemas/admin-catalogue';
import { adminCsvImportReportSchema } from '@rangrez/contract/schemas/admin-catalogue-csv';
import {
  type ReviewRejectBody,
  type ReviewReplyBody,
  adminReviewListResponseSchema,
  adminReviewResponseSchema,
} from '@rangrez/contract/schemas/reviews';
import type { SignedInCall, UploadCall } from './api-call';
import { BULK_TRANSFER_TIMEOUT_MS } from './transfer';

const product = (id: string) => `/products/${encodeURIComponent(id)}`;
const review = (id: string) => `/reviews/${encodeURIComponent(id)}`;

export function catalogueCalls(signedIn: SignedInCall, uploaded: UploadCall) {
  return {
    /** `query` as productQueryString builds it. */
    products: (query: string) => signedIn(`/products?${query}`, adminProductListResponseSchema),
    product: (id: string) => signedIn(product(id), adminProductResponseSchema),
    createProduct: (body: AdminProductCreateBody) =>
      signedIn('/products', adminProductResponseSchema, { method: 'POST', body }),
    updateProduct: (id: string, body: AdminProductPatchBody) =>
      signedIn(product(id), adminProductResponseSchema, { method: 'PATCH', body }),
    putVariants: (id: string, body: AdminVariantsBody) =>
      signedIn(`${product(id)}/variants`, adminProductResponseSchema, { method: 'PUT', body }),
    putImages: (id: string, body: AdminProductImagesBody) =>
      signedIn(`${product(id)}/images`, adminProductResponseSchema, { method: 'PUT', body }),
    duplicateProduct: (id: string) =>
      signedIn(`${product(id)}/duplicate`, adminProductResponseSchema, { method: 'POST' }),
    productTimeline: (id: string) => signedIn(`${product(id)}/timeline`, auditListResponseSchema),
    /** The CSV file as the body; a dry run checks it and writes nothing (docs/admin.md#csv-import-and-export). */
    importProducts: (file: Blob, dryRun: boolean, onProgress?: (sent: number) => void) =>
      uploaded(`/products/import?dryRun=${dryRun}`, adminCsvImportReportSchema, {
        body: file,
        contentType: 'text/csv',
        timeoutMs: BULK_TRANSFER_TIMEOUT_MS,
        ...(onProgress ? { onProgress } : {}),
      }),
    /** `query` as reviewQueryString builds it. */
    reviews: (query: string) => signedIn(`/reviews?${query}`, adminReviewListResponseSchema),
    approveReview: (id: string) =>
      signedIn(`${review(id)}/approve`, adminReviewResponseSchema, { method: 'POST' }),
    rejectReview: (id: string, body: ReviewRejectBody) =>
      signedIn(`${review(id)}/reject`, adminReviewResponseSchema, { method: 'POST', body }),
    replyToReview: (id: string, body: ReviewReplyBody) =>
      signedIn(`${review(id)}/reply`, adminReviewResponseSchema, { method: 'PUT', body }),
  };
}
