// The back office's hero slides (docs/admin.md#hero-slides): the list in display order, a slide's edits, its
// place in the order, its daily counts and its timeline; and the image upload the slide form and a category's
// thumbnail use (docs/admin.md#images).
import { auditListResponseSchema } from '@rangrez/contract/schemas/admin';
import { adminMediaResponseSchema } from '@rangrez/contract/schemas/admin-media';
import {
  type AdminSlideCreateBody,
  type AdminSlidePatchBody,
  adminSlideListResponseSchema,
  adminSlideResponseSchema,
  adminSlideStatsResponseSchema,
} from '@rangrez/contract/schemas/admin-slides';
import { successMessageResponseSchema } from '@rangrez/contract/schemas/basics';
import type { SignedInCall, UploadCall } from './api-call';

const slide = (id: string) => `/slides/${encodeURIComponent(id)}`;

export function slideCalls(signedIn: SignedInCall, uploaded: UploadCall) {
  return {
    slides: () => signedIn('/slides', adminSlideListResponseSchema),
    slide: (id: string) => signedIn(slide(id), adminSlideResponseSchema),
    createSlide: (body: AdminSlideCreateBody) =>
      signedIn('/slides', adminSlideResponseSchema, { method: 'POST', body }),
    updateSlide: (id: string, body: AdminSlidePatchBody) =>
      signedIn(slide(id), adminSlideResponseSchema, { method: 'PATCH', body }),
    deleteSlide: (id: string) => signedIn(slide(id), successMessageResponseSchema, { method: 'DELETE' }),
    /** Every slide's id once, in the new order. */
    orderSlides: (ids: string[]) =>
      signedIn('/slides/order', adminSlideListResponseSchema, { method: 'PUT', body: { ids } }),
    /** The slide's own audit entries, newest first. */
    slideTimeline: (id: string) => signedIn(`${slide(id)}/timeline`, auditListResponseSchema),
    /** The last 30 days, the server's default range. */
    slideStats: (id: string) => signedIn(`${slide(id)}/stats`, adminSlideStatsResponseSchema),
    uploadImage: (file: File, onProgress?: (sent: number) => void) => {
      const body = new FormData();
      body.append('file', file);
      return uploaded('/media', adminMediaResponseSchema, { body, ...(onProgress ? { onProgress } : {}) });
    },
  };
}
