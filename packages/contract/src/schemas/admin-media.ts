// The back office's images (docs/admin.md#images): an upload answers the stored image, which products and slides
// then refer to by its id. The upload itself is multipart/form-data (a file field `file`, an optional text field
// `alt`), so only its text field and its answer have schemas here; the refusals are UPLOAD_MESSAGES.

import { z } from 'zod';

/** Alternative text: what a screen reader says for the image; may be empty. */
export const altTextSchema = z
  .string({ error: 'alt must be text' })
  .trim()
  .max(300, 'alt must be at most 300 characters');

/** A stored image as the back office shows it. */
export const adminMediaSchema = z.object({
  _id: z.string(),
  /** Absolute URL of the JPEG at the middle of its width ladder, as every other image URL of the API. */
  url: z.string(),
  /** The original's size in pixels, after EXIF rotation. */
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type AdminMedia = z.infer<typeof adminMediaSchema>;

/** POST /admin/media: 201 with the stored image (the same one again for identical bytes). */
export const adminMediaResponseSchema = z.object({ media: adminMediaSchema });
export type AdminMediaResponse = z.infer<typeof adminMediaResponseSchema>;
