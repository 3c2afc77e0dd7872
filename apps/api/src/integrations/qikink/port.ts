// The print-on-demand partner as the fulfilment module sees it. Implementations: the real Qikink client
// (qikink-client.ts), pointed at Qikink or at the simulated partner (simulated/), which speaks the same API.
import type { FULFILMENT_STATES } from '@rangrez/db/schema';

export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

export interface PartnerAddress {
  firstName: string;
  lastName: string;
  /** Door number and street. */
  address1: string;
  address2: string;
  /** Any Indian mobile spelling (+91 98765 43210, 098765...); sent as the bare 10 digits. */
  phone: string;
  email: string;
  city: string;
  /** 6-digit PIN code. */
  zip: string;
  /** Full state or union territory name (any common spelling; sent as the current full name). */
  state: string;
}

export interface PartnerLineItem {
  /** The SKU of the product as listed under the partner's "my products". */
  sku: string;
  quantity: number;
  /** Integer paise, per unit. */
  unitPricePaise: number;
}

export interface PartnerOrderInput {
  /** Our order number: 1-15 letters and digits, never reused. */
  orderNumber: string;
  paymentMethod: 'COD' | 'Prepaid';
  /** Integer paise: the order value; for COD what the courier collects. */
  totalPaise: number;
  lineItems: PartnerLineItem[];
  shipping: PartnerAddress;
}

export interface PartnerOrder {
  partnerOrderId: string;
  /** Our order number, as we sent it. */
  orderNumber: string;
  /** The partner's own status word, exactly as given. Map it with mapPartnerStatus. */
  status: string;
  awb?: string;
  trackingLink?: string;
  courier?: string;
  /** As the partner wrote it (Qikink: IST without an offset). */
  createdOn?: string;
}

/**
 * How an order can be cancelled at the partner. 'dashboard': there is no API call; a person cancels it in the
 * partner's dashboard, and only while the order waits to be printed (cancellableAtPartner). After that it ships,
 * so the store raises a "cancel at partner" task for ops instead of calling anything.
 */
export type PartnerCancellation = 'dashboard';

export interface FulfilmentPartner {
  /** Qikink: 'dashboard' (orders cannot be changed or cancelled through its API). */
  readonly cancellation: PartnerCancellation;
  /**
   * Creates the partner's order. Never retried automatically: after a PartnerUnavailableError with
   * `outcomeUnknown`, look the order up with findOrderByNumber before creating it again.
   */
  createOrder(order: PartnerOrderInput): Promise<{ partnerOrderId: string }>;
  /** The partner's order carrying our order number, or null. Use it before re-creating: never double-create. */
  findOrderByNumber(orderNumber: string): Promise<PartnerOrder | null>;
  /** The partner's order by its id, or null when the partner does not know it. */
  getOrder(partnerOrderId: string): Promise<PartnerOrder | null>;
}

/** The partner could not be reached or could not answer now (network, 5xx, HTML page, rate limit, auth). Retry later. */
export class PartnerUnavailableError extends Error {
  readonly retryable = true;
  /** True when a create may have reached the partner anyway (timeout, 5xx...): look it up before retrying. */
  readonly outcomeUnknown: boolean;
  readonly status: number | null;

  constructor(
    message: string,
    init: { status?: number | null; outcomeUnknown?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: init.cause });
    this.name = 'PartnerUnavailableError';
    this.status = init.status ?? null;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }
}

/** Our credentials were refused. Retrying will not help until the configuration is fixed, but the order is fine. */
export class PartnerAuthError extends PartnerUnavailableError {
  constructor(message: string, init: { status?: number | null; cause?: unknown } = {}) {
    super(message, init);
    this.name = 'PartnerAuthError';
  }
}

/** The partner refused this order (Invalid SKU, invalid parameter...): sending it again will not help. */
export class PartnerRejectedError extends Error {
  readonly retryable = false;
  /** The partner's message, as given ('Invalid SKU', 'Invalid parameter: order_number'). */
  readonly partnerMessage: string;

  constructor(partnerMessage: string, init: { cause?: unknown } = {}) {
    super(`Fulfilment partner refused the order: ${partnerMessage}`, { cause: init.cause });
    this.name = 'PartnerRejectedError';
    this.partnerMessage = partnerMessage;
  }
}

// Qikink's status words (docs/integrations.md#qikink) and what they mean for our fulfilment state.
const STATUS_MAP: Record<string, FulfilmentState> = {
  // Wallet short, out of stock, or a question from the partner: someone has to act.
  'on hold': 'exception',
  'live oos': 'exception',
  'action required': 'exception',
  exception: 'exception',
  // Accepted, not yet in production.
  live: 'submitted',
  'to be printed': 'processing',
  'partially picklisted': 'processing',
  printed: 'processing',
  // Manifested: the courier and AWB are assigned, so the shopper can track it.
  manifested: 'shipped',
  'in transit': 'shipped',
  delivered: 'delivered',
  // The parcel is on its way back (or back): it will not reach the shopper.
  'rto initiated': 'returned',
  returned: 'returned',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};

/** A status word as the maps key it: 'In-Transit', ' in_transit ' -> 'in transit'. */
function statusKey(word: string): string {
  return word
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/**
 * Our fulfilment state for one of the partner's status words, case-insensitively ('In-Transit' = 'in transit').
 * A word not on the list is 'unknown': kept as the partner's word, never guessed.
 */
export function mapPartnerStatus(word: unknown): FulfilmentState | 'unknown' {
  if (typeof word !== 'string') return 'unknown';
  return STATUS_MAP[statusKey(word)] ?? 'unknown';
}

/** Qikink's statuses in which its dashboard still cancels an order: accepted, not yet sent to print. */
const PARTNER_CANCELLABLE_STATUSES = ['Live', 'Live OOS'] as const;

/** Whether the partner's dashboard can still cancel an order in this status word (case-insensitively). */
export function cancellableAtPartner(word: unknown): boolean {
  if (typeof word !== 'string') return false;
  const key = statusKey(word);
  return PARTNER_CANCELLABLE_STATUSES.some((s) => statusKey(s) === key);
}
