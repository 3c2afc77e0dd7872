// Business constants: timings, limits, display rules (docs/product/rules.md#timings-and-limits). Plain values
// only, so the browser bundle can import them without pulling in zod.

/** Base path of the backend API (docs/api.md). */
export const API_BASE_PATH = '/api/v1';
/** Client request timeout. */
export const API_TIMEOUT_MS = 10_000;
/** Product list cache in local storage expires after 10 minutes. */
export const PRODUCT_LIST_CACHE_MS = 600_000;

/** Hero slider (docs/product/rules.md#hero-slider). */
export const SLIDER_TRANSITION_MS = 1000;
export const SLIDER_AUTO_ADVANCE_MS = 8000;
export const SLIDER_SWIPE_THRESHOLD_PX = 50;
/** Mobile slide image is used at this window width or less. */
export const MOBILE_BREAKPOINT_PX = 768;
export const SLIDER_DEFAULT_PAGE = 1;
export const SLIDER_DEFAULT_LIMIT = 10;
/** Ours: upper bound of `limit` on GET /sliders so one request cannot ask for everything. */
export const SLIDER_MAX_LIMIT = 100;

/** Product gallery swipe threshold (docs/product/rules.md#gallery). */
export const GALLERY_SWIPE_THRESHOLD_PX = 50;

/** Ours: bounds of GET /products?limit&offset. */
export const PRODUCT_LIST_MAX_LIMIT = 100;

/** Login lock-out: 5 consecutive failures lock the form for 300 seconds (docs/product/rules.md#login-lockout). */
export const LOGIN_LOCK_MAX_FAILURES = 5;
export const LOGIN_LOCK_SECONDS = 300;
/** Minimum password length on the login form (docs/product/rules.md#login). */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
/** Signup password strength checklist is evaluated after this pause (docs/product/rules.md#password-strength). */
export const PASSWORD_STRENGTH_DEBOUNCE_MS = 300;

/** Toasts auto-close. */
export const TOAST_AUTO_CLOSE_MS = 5000;
/** 'Profile updated successfully!' hides after 3 s. */
export const PROFILE_SUCCESS_MS = 3000;
/** On 'Session expired' the profile page logs out after 2 s. */
export const SESSION_EXPIRED_LOGOUT_MS = 2000;

/** A product card shows at most this many colour swatches, then '+N'. */
export const CARD_SWATCHES_MAX = 2;

/** Success page estimate (docs/product/screens.md#success-page). */
export const DELIVERY_ESTIMATE = '3-5 Business Days';

/** Currency of every amount. */
export const CURRENCY = 'INR';

/** Ours: bounds of an order so a single request stays reasonable. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 100;

/** How many delivery addresses a shopper's address book keeps (docs/accounts.md#address-book). */
export const MAX_SAVED_ADDRESSES = 10;
