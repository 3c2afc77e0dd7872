// The review form's photos (POST .../review/photos), at most REVIEW_MAX_PHOTOS, through the shop's photo uploader.
import { REVIEW_MAX_PHOTOS } from '@rangrez/contract/rules/reviews';
import type { ReviewPhoto } from '@rangrez/contract/schemas';
import { usePhotoUploader } from '../../lib/use-photo-uploader';
import { reviewsApi } from './api';
import { REVIEW_TEXTS } from './review-texts';

/** The review form's photos, uploaded for the review of `productId`. */
export function usePhotoUploads(productId: string, initial: readonly ReviewPhoto[]) {
  return usePhotoUploader(
    (file, onProgress, signal) => reviewsApi.uploadPhoto(productId, file, onProgress, signal),
    initial,
    { max: REVIEW_MAX_PHOTOS, limitText: REVIEW_TEXTS.photoLimit },
  );
}
