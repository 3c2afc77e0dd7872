// The shopper's own review of a product and its photos (docs/api.md#reviews).
import type {
  MyReviewResponse,
  ReviewBody,
  ReviewPhoto,
  ReviewPhotoUploadResponse,
  ReviewSavedResponse,
} from '@rangrez/contract/schemas';
import { api } from '../../lib/api';
import { type UploadProgress, uploadFile } from '../../lib/upload';

const reviewPath = (productId: string) => `/product/${encodeURIComponent(productId)}`;

export const reviewsApi = {
  mine: (productId: string, signal?: AbortSignal) =>
    api<MyReviewResponse>(`${reviewPath(productId)}/my-review`, { signal }),
  save: (productId: string, body: ReviewBody) =>
    api<ReviewSavedResponse>(`${reviewPath(productId)}/review`, { method: 'PUT', body }),
  /** One photo, with its upload's progress; rejects with the server's message when it is refused. */
  uploadPhoto: async (
    productId: string,
    file: File,
    onProgress: UploadProgress,
    signal: AbortSignal,
  ): Promise<ReviewPhoto> => {
    const body = new FormData();
    body.append('file', file);
    const answer = await uploadFile<ReviewPhotoUploadResponse>(`${reviewPath(productId)}/review/photos`, {
      body,
      onProgress,
      signal,
    });
    return answer.photo;
  },
};
