// Messages of the home and collection pages: slider, collections, search (docs/product/texts.md#home-and-collections).
// Word for word; split by area so a page loads only the messages it shows. error-catalogue.ts and
// validation-messages.ts re-export them all.

export const SLIDER_MESSAGES = {
  fetchSlidersFailed: 'Failed to fetch sliders',
  fetchSliderFailed: 'Failed to fetch slider',
  noActiveSlides: 'No active slides found',
  loadSlidesFailed: 'Failed to load slides. Please try again later.',
  imageNotFound: 'Image Not Found',
  loading: 'Loading slides...',
} as const;

export const COLLECTION_MESSAGES = {
  fetchFailed: 'Failed to fetch collections',
  unsuccessfulResponse: 'API returned unsuccessful response',
  noProducts: 'No products for selected category. Please select a category.',
} as const;

/** 'Error loading collections: {message}' on the home page. */
export function collectionsErrorMessage(message: string): string {
  return `Error loading collections: ${message}`;
}

/** 'Found N results' under the collection search box. */
/** A collection's own search that found nothing in it (docs/search.md): the link searches the whole catalogue. */
export function noMatchMessage(q: string): string {
  return `No products match "${q}".`;
}
export const SEARCH_ALL_PRODUCTS = 'Search all products';

export function searchResultsMessage(count: number): string {
  return `Found ${count} results`;
}

export const COMING_SOON_MESSAGE = 'Stay Tuned. This feature is coming soon!';
