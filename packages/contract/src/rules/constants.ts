// Business constants of spec §9 (timings, limits, display rules). Plain values only, so the browser
// bundle can import them without pulling in zod.

/** Base path of the backend API (spec §7). */
export const API_BASE_PATH = '/api/v1';
/** Client request timeout (spec §7, §9). */
export const API_TIMEOUT_MS = 10_000;
/** Product list cache in local storage expires after 10 minutes (spec §9). */
export const PRODUCT_LIST_CACHE_MS = 600_000;

/** Hero slider (spec §4, §5, §9). */
export const SLIDER_TRANSITION_MS = 1000;
export const SLIDER_AUTO_ADVANCE_MS = 8000;
export const SLIDER_SWIPE_THRESHOLD_PX = 50;
/** Mobile slide image is used at this window width or less. */
export const MOBILE_BREAKPOINT_PX = 768;
export const SLIDER_DEFAULT_PAGE = 1;
export const SLIDER_DEFAULT_LIMIT = 10;
/** Not in the spec: upper bound of `limit` on GET /sliders so one request cannot ask for everything. */
export const SLIDER_MAX_LIMIT = 100;

/** Product gallery swipe threshold (spec §2, §9). */
export const GALLERY_SWIPE_THRESHOLD_PX = 50;

/** Not in the spec: bounds of GET /products?limit&offset. */
export const PRODUCT_LIST_MAX_LIMIT = 100;

/** Login lock-out: after 5 consecutive failures the form locks for 300 seconds (spec §4, §9). */
export const LOGIN_LOCK_MAX_FAILURES = 5;
export const LOGIN_LOCK_SECONDS = 300;
/** Minimum password length on the login form (spec §5). */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
/** Signup password strength checklist is evaluated after this pause (spec §5). */
export const PASSWORD_STRENGTH_DEBOUNCE_MS = 300;

/** Toasts auto-close (spec §9). */
export const TOAST_AUTO_CLOSE_MS = 5000;
/** 'Profile updated successfully!' hides after 3 s (spec §4). */
export const PROFILE_SUCCESS_MS = 3000;
/** On 'Session expired' the profile page logs out after 2 s (spec §8). */
export const SESSION_EXPIRED_LOGOUT_MS = 2000;

/** A product card shows at most this many colour swatches, then '+N' (spec §2). */
export const CARD_SWATCHES_MAX = 2;

/** Success page estimate (spec §2). */
export const DELIVERY_ESTIMATE = '3-5 Business Days';

/** Currency of every amount (spec §9). */
export const CURRENCY = 'INR';

/** Not in the spec: bounds of an order so a single request stays reasonable. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 100;
