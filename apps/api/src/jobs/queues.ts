// The store's queues and their retry policies. Handlers are attached in commerce.ts.
import type { QueueSpec } from './runner.ts';

export const QUEUES = {
  /** Hand a paid or COD order to the fulfilment partner. Data: { orderId }. */
  fulfilmentSubmit: 'fulfilment.submit',
  /** Periodic: read the partner's status of submitted orders; re-queue orders whose submission job is gone. */
  fulfilmentPoll: 'fulfilment.poll',
  /** Periodic: release the stock of online orders whose payment did not arrive in time. */
  expireReservations: 'orders.expire-reservations',
  /** Periodic: send the e-mails due in the outbox (docs/orders-lifecycle.md#e-mail). */
  outboxSend: 'outbox.send',
  /** Periodic: the owners' hourly digest of new orders, when the store's setting asks for it. */
  ownerDigest: 'outbox.owner-digest',
  /** Refund what an order is owed back (refund state 'pending') through the provider. Data: { orderId }. */
  refundOwed: 'refunds.refund-owed',
  /** Send one refund row to the payment provider, with its own idempotency key. Data: { refundId }. */
  refundSend: 'refunds.send',
  /** Process one stored webhook event (docs/orders-lifecycle.md#webhooks). Data: { inboxId }. */
  paymentsWebhook: 'payments.webhook',
  /** Draw and store the PDF of an issued invoice or credit note (docs/gst.md#pdf). Data: { documentId }. */
  invoiceRender: 'invoices.render',
  /** Issue the credit note an order is owed after a refund went out (docs/gst.md#credit-notes). Data: { orderId, refundId? }. */
  creditNote: 'invoices.credit-note',
  /** Issue an invoice whose issue failed beside its payment (docs/gst.md#issuing). Data: { orderId }. */
  invoiceIssue: 'invoices.issue',
  /** Periodic: delete sessions, refresh tokens and login throttles that can no longer change an answer. */
  housekeeping: 'housekeeping.accounts',
  /** Periodic: recompute the dashboard's days that are not final (docs/decisions/032-dashboard-rollups.md). */
  dashboardRefresh: 'dashboard.refresh',
  /** Send a COD order's confirmation request or reminder (WhatsApp, else SMS). Data: { orderId, kind }. */
  codConfirmMessage: 'cod.confirm-message',
  /** Periodic: remind at half time, cancel COD orders not confirmed by their deadline. */
  codConfirmSweep: 'cod.confirm-sweep',
  /** Periodic: e-mail the back-in-stock requests whose product or variant can be bought again. */
  backInStockSweep: 'back-in-stock.sweep',
} as const;

/**
 * Submission retries with exponential backoff from 15 s (pg-boss doubles the delay, with jitter, each time): 14
 * retries span well over a day, so an outage of an hour is waited out, and the poll job re-queues anything
 * left behind after that. Each attempt looks the order up by number before creating it (never twice).
 */
export const FULFILMENT_SUBMIT: QueueSpec = {
  name: QUEUES.fulfilmentSubmit,
  retryLimit: 14,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 300,
};

export const FULFILMENT_POLL: QueueSpec = {
  name: QUEUES.fulfilmentPoll,
  // The next tick polls again; a failed tick is not worth retrying.
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 600,
};

export const EXPIRE_RESERVATIONS: QueueSpec = {
  name: QUEUES.expireReservations,
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 300,
};

/**
 * The outbox's sender. Not retried by pg-boss: each message keeps its own attempts and claim
 * (modules/outbox/sender.ts), and the next tick picks up whatever a failed one left.
 */
export const OUTBOX_SEND: QueueSpec = {
  name: QUEUES.outboxSend,
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 300,
};

/** How often the outbox is looked at: an e-mail leaves within about this long of its event. */
export const OUTBOX_SEND_SECONDS = 10;

export const OWNER_DIGEST: QueueSpec = {
  name: QUEUES.ownerDigest,
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 300,
};

/** Each tick looks at the last two full hours; the dedupe key keeps each hour to one digest. */
export const OWNER_DIGEST_SECONDS = 600;

/**
 * Refund jobs: retried with backoff through a provider outage (the row's idempotency key makes every retry the same
 * refund). A refund the provider refuses is not retried: it is settled as failed, for a person to look at.
 */
export const REFUND_OWED: QueueSpec = {
  name: QUEUES.refundOwed,
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

export const REFUND_SEND: QueueSpec = {
  name: QUEUES.refundSend,
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

/**
 * Attempts a webhook event gets before it is dead-lettered (shown to staff, who can replay it). Eight attempts
 * with backoff from 10 s span about 20 minutes: long enough for a deploy or a database failover, short enough
 * that staff hear of a real bug the same hour.
 */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/** The handler stops retrying itself at WEBHOOK_MAX_ATTEMPTS; pg-boss's limit is only a backstop above it. */
export const PAYMENTS_WEBHOOK: QueueSpec = {
  name: QUEUES.paymentsWebhook,
  retryLimit: WEBHOOK_MAX_ATTEMPTS + 2,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 120,
};

/** How often unpaid orders are checked for an expired reservation. */
export const EXPIRY_SWEEP_SECONDS = 60;

/**
 * Housekeeping deletes in batches and stops at its time budget (modules/housekeeping), well inside
 * expireInSeconds, so pg-boss never fails a tick that is merely busy. A failed tick is not retried: the next one
 * picks up where it stopped.
 */
export const HOUSEKEEPING: QueueSpec = {
  name: QUEUES.housekeeping,
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 900,
};

/** Rows become deletable a day after they stop mattering (accounts/service.ts): hourly is plenty. */
export const HOUSEKEEPING_INTERVAL_SECONDS = 3600;

/** Invoice jobs: local work (the database and a file), retried a few times; the download renders on demand anyway. */
export const INVOICE_RENDER: QueueSpec = {
  name: QUEUES.invoiceRender,
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 120,
};

export const INVOICE_ISSUE: QueueSpec = {
  name: QUEUES.invoiceIssue,
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

export const CREDIT_NOTE: QueueSpec = {
  name: QUEUES.creditNote,
  retryLimit: 10,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 120,
};

/** The dashboard's rollups: the next tick recomputes whatever a failed one left, so no retries. */
export const DASHBOARD_REFRESH: QueueSpec = {
  name: QUEUES.dashboardRefresh,
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  // The first run on an old database recomputes every day since the first order.
  expireInSeconds: 900,
};

/** The dashboard is at most this far behind the orders (plus one recompute). */
export const DASHBOARD_REFRESH_SECONDS = 30;

/** A confirmation message is retried through a provider outage; SMS takes over when WhatsApp refuses it. */
export const COD_CONFIRM_MESSAGE: QueueSpec = {
  name: QUEUES.codConfirmMessage,
  retryLimit: 6,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

/** The next tick looks again at whatever a failed one left. */
export const COD_CONFIRM_SWEEP: QueueSpec = {
  name: QUEUES.codConfirmSweep,
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 300,
};

/** How often COD orders waiting for their confirmation are looked at: a reminder or a cancel is this late at most. */
export const COD_CONFIRM_SWEEP_SECONDS = 60;

/** The next tick looks again at whatever a failed one left; the requests it marked are in its own transaction. */
export const BACK_IN_STOCK_SWEEP: QueueSpec = {
  name: QUEUES.backInStockSweep,
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 300,
};

/** How often waiting back-in-stock requests are looked at: a restock is e-mailed about this late at most. */
export const BACK_IN_STOCK_SWEEP_SECONDS = 10;
