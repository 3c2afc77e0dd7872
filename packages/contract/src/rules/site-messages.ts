// Messages of the site shell, shared by every page: API client, session, 404 page (docs/product/texts.md#site).
// Word for word; split by area so a page loads only the messages it shows. error-catalogue.ts and
// validation-messages.ts re-export them all.

export const NETWORK_MESSAGES = {
  offline: 'No internet connection',
  requestFailed: 'Request failed',
} as const;

export const SESSION_MESSAGES = {
  expired: 'Session expired. Please login again.',
  requestFailed: 'Request failed',
} as const;

export const NOT_FOUND_MESSAGES = {
  title: 'Page Not Found',
  action: 'Return to Home',
} as const;
