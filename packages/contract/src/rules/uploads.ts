// Image uploads: the limits and the answers to a refused file. Apart from media.ts, which the shop's every page
// loads for its pictures: only the pages that upload (the review form, the back office) load these.

/**
 * What the store accepts as an image upload, from staff and from shoppers alike (docs/admin.md#images): JPEG, PNG,
 * WebP or AVIF, recognised by content, at most 20 MB (MiB: 20 x 1024 x 1024 bytes) and 40 megapixels, at least
 * 600 px wide.
 */
export const UPLOAD_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxPixels: 40_000_000,
  minWidth: 600,
} as const;

export const UPLOAD_MESSAGES = {
  notAnImage: 'The file is not a JPEG, PNG, WebP or AVIF image',
  tooLarge: 'The file is larger than 20 MB',
  tooManyPixels: 'The image is larger than 40 megapixels',
  tooNarrow: 'The image must be at least 600 px wide',
  noFile: 'Send the image as multipart/form-data, in a field named file',
  oneFile: 'Send one image at a time',
} as const;
