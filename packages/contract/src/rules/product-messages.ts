// Product page messages: loading, colour pictures, sharing, size and colour choice (docs/product/texts.md#product).
// Word for word; split by area so a page loads only the messages it shows. error-catalogue.ts and
// validation-messages.ts re-export them all.

export const COLOUR_IMAGE_MESSAGES = {
  networkErrorImages: 'Network error while fetching images',
  networkErrorColorImages: 'Network error while fetching color images',
} as const;

export const PRODUCT_ERROR_MESSAGES = {
  loadFailed: 'Failed to load product data.',
  copiedToClipboard: 'Product details copied to clipboard!',
  inclusiveOfTaxes: 'Inclusive of all Taxes',
  sizeChartUnavailable: 'Size chart not available',
} as const;

export const SHARE_MESSAGES = {
  failed: 'Unable to share. Please copy the link manually.',
} as const;

export const PRODUCT_MESSAGES = {
  selectSize: 'Please select a size.',
  selectColor: 'Please select a color.',
} as const;
