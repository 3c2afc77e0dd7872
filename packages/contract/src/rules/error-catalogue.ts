// The error catalogue of spec §8 (and the few success notices around it), word for word, grouped by area,
// so the web app and the API share one copy. Functions map a server message to what the shopper sees.

export const NETWORK_MESSAGES = {
  offline: 'No internet connection',
  requestFailed: 'Request failed',
} as const;

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
export function searchResultsMessage(count: number): string {
  return `Found ${count} results`;
}

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

export const LOGIN_ERROR_MESSAGES = {
  /** Server messages the client recognises. */
  serverUserNotFound: 'User not found',
  serverInvalidPassword: 'Invalid password',
  noAccount: 'No account found with this email.',
  incorrectPassword: 'Incorrect password.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  offline: 'No internet connection. Please check your network.',
  fallback: 'Failed to log in. Please check your credentials.',
} as const;

/** What the login form shows for a failed login (spec §8). */
export function loginErrorMessage(serverMessage: string | undefined, offline = false): string {
  if (offline) return LOGIN_ERROR_MESSAGES.offline;
  if (serverMessage === LOGIN_ERROR_MESSAGES.serverUserNotFound) return LOGIN_ERROR_MESSAGES.noAccount;
  if (serverMessage === LOGIN_ERROR_MESSAGES.serverInvalidPassword)
    return LOGIN_ERROR_MESSAGES.incorrectPassword;
  if (serverMessage?.includes('Too many')) return LOGIN_ERROR_MESSAGES.tooManyAttempts;
  return LOGIN_ERROR_MESSAGES.fallback;
}

/** Seconds as m:ss (300 -> '5:00', 65 -> '1:05'); negative or fractional input is clamped and rounded up. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.ceil(Number.isFinite(seconds) ? seconds : 0));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

/** The lock banner: 'Too many login attempts. Please try again in m:ss minutes.' */
export function loginLockMessage(secondsLeft: number): string {
  return `Too many login attempts. Please try again in ${formatCountdown(secondsLeft)} minutes.`;
}

export const SESSION_MESSAGES = {
  expired: 'Session expired. Please login again.',
  requestFailed: 'Request failed',
} as const;

export const GOOGLE_MESSAGES = {
  authFailed: 'Failed to authenticate with Google',
  signupFailed: 'Google signup failed. Please try again.',
} as const;

export const SIGNUP_ERROR_MESSAGES = {
  emailTaken: 'This email is already registered. Please use a different email.',
  network: 'Network error. Please check your connection.',
  fallback: 'Signup failed. Please try again.',
} as const;

/** What the signup form shows for a failed signup (spec §8). */
export function signupErrorMessage(serverMessage: string | undefined): string {
  const message = serverMessage?.toLowerCase() ?? '';
  if (message.includes('email')) return SIGNUP_ERROR_MESSAGES.emailTaken;
  if (message.includes('network')) return SIGNUP_ERROR_MESSAGES.network;
  return SIGNUP_ERROR_MESSAGES.fallback;
}

export const WISHLIST_MESSAGES = {
  sessionExpired: 'Session expired. Please login again.',
  loginToAdd: 'Please log in to add to wishlist',
  loginToRemove: 'Please log in to remove from wishlist',
  notAuthenticated: 'User not authenticated',
  notAvailable: 'Wishlist is not available',
  notAvailableLogIn: 'Wishlist is not available. Please log in.',
  removed: 'Item removed from wishlist',
  removedToast: 'Item removed from wishlist.',
  added: 'Item added to wishlist',
  addedToast: 'Item added to wishlist!',
  loginToAddItems: 'Please log in to add items to your wishlist.',
  checkLoggedIn: 'Please check if you are logged in.',
  pageError: 'Oops! Something went wrong',
  loginToView: 'Please login to view your wishlist',
} as const;

export const ORDERS_MESSAGES = {
  noUserData: 'No user data available',
  fetchFailed: 'Failed to fetch orders',
  connectionError: 'Error connecting to server',
  sessionExpired: 'Session expired. Please login again.',
  noOrders: 'No orders found',
} as const;

export const CART_MESSAGES = {
  loadFailed: 'Failed to load cart',
  saveFailed: 'Failed to save cart',
  addFailed: 'Failed to add item to cart',
  updateFailed: 'Failed to update quantity',
  removeFailed: 'Failed to remove item',
  clearFailed: 'Failed to clear cart',
  notInCart: 'Product not found in cart',
  pageLoadFailed: 'Failed to load cart items. Please try again later.',
  drawerFallback: 'Something went wrong!',
  added: 'Item added to cart!',
  loading: 'Loading cart...',
  empty: 'Your cart is empty.',
  emptyPage: 'Your cart is empty',
  checkoutEmpty: 'Cart Empty',
  checkout: 'Checkout',
} as const;

/** The cart drawer's error line: 'Error: {message}' or 'Something went wrong!'. */
export function cartDrawerErrorMessage(message: string | undefined): string {
  return message ? `Error: ${message}` : CART_MESSAGES.drawerFallback;
}

export const PAYMENT_MESSAGES = {
  createOrderFailed: 'Failed to create order',
  razorpayScriptFailed: 'Failed to load Razorpay script',
  verificationFailed: 'Payment verification failed. Please contact support.',
  fallback: 'An error occurred. Please try again.',
  processing: 'Processing...',
  orderSuccessful: 'Order Successful!',
} as const;

export const PINCODE_MESSAGES = {
  invalidFormat: 'Invalid PIN code format',
  notFound: 'Invalid PIN code or location not found',
  lookupFailed: 'Unable to fetch location. Please enter manually.',
  autoDetected: 'Location auto-detected',
} as const;

export const PROFILE_ERROR_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  updateFailed: 'Failed to update profile. Please try again.',
} as const;

/** What the profile page shows for a failed update, and whether it must log out (after 2 s). */
export function profileErrorMessage(serverMessage: string | undefined): { message: string; logout: boolean } {
  if (serverMessage?.includes('Session expired')) {
    return { message: PROFILE_ERROR_MESSAGES.sessionExpired, logout: true };
  }
  return { message: serverMessage || PROFILE_ERROR_MESSAGES.updateFailed, logout: false };
}

export const SHARE_MESSAGES = {
  failed: 'Unable to share. Please copy the link manually.',
} as const;

export const NOT_FOUND_MESSAGES = {
  title: 'Page Not Found',
  action: 'Return to Home',
} as const;

export const COMING_SOON_MESSAGE = 'Stay Tuned. This feature is coming soon!';
