// What the rest of the API may use of the media module (docs/decisions/013-module-boundaries.md): reading and
// checking an image upload, and the shoppers' own uploads (review photos).
export { readImageUpload, registerUploadParser } from './upload.ts';
export { storeShopperUpload, uploadedBy } from './shopper-uploads.ts';
