// Delivers webhook events the way Razorpay does: POST of the JSON body, X-Razorpay-Signature (hex HMAC-SHA256 of
// the raw body with the webhook secret), x-razorpay-event-id for dedupe, and retries with backoff on any non-2xx
// or slow answer. Razorpay retries for 24 hours; the sandbox gives up after a few attempts.
import { signWebhook } from '../signatures.ts';

export interface WebhookSenderOptions {
  url: string;
  secret: string;
  fetch: typeof fetch;
  /** Attempts in all, first one included (default 6: 1 + 5 retries). */
  maxAttempts?: number;
  /** Delay before the first retry, doubled after each (default 1000 ms: 1, 2, 4, 8, 16 s). */
  baseDelayMs?: number;
  /** Razorpay counts an answer slower than ~5 s as a failure. */
  timeoutMs?: number;
  /** Injected by tests; resolves early when the signal aborts (app shutting down). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

export interface OutgoingEvent {
  id: string;
  /** The exact bytes to send; the signature covers them. */
  body: string;
}

export interface DeliveryResult {
  eventId: string;
  delivered: boolean;
  attempts: number;
  /** HTTP status of each attempt; null when there was no answer (network error, timeout). */
  statuses: (number | null)[];
}

export function realSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    // A pending retry must not keep a stopping process alive.
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

export function createWebhookSender(options: WebhookSenderOptions) {
  const maxAttempts = options.maxAttempts ?? 6;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 5000;
  const sleep = options.sleep ?? realSleep;
  const signal = options.signal ?? new AbortController().signal;

  return {
    url: options.url,
    async send(event: OutgoingEvent): Promise<DeliveryResult> {
      const statuses: (number | null)[] = [];
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        if (attempt > 1) {
          await sleep(baseDelayMs * 2 ** (attempt - 2), signal);
        }
        if (signal.aborted) break;
        let status: number | null;
        try {
          const res = await options.fetch(options.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'user-agent': 'Razorpay-Webhook/v1',
              'x-razorpay-event-id': event.id,
              'x-razorpay-signature': signWebhook(event.body, options.secret),
            },
            body: event.body,
            signal: AbortSignal.timeout(timeoutMs),
          });
          status = res.status;
          // Read the body so the connection is released; its content does not matter.
          await res.arrayBuffer().catch(() => undefined);
        } catch {
          status = null;
        }
        statuses.push(status);
        if (status !== null && status >= 200 && status < 300) {
          return { eventId: event.id, delivered: true, attempts: attempt, statuses };
        }
      }
      return { eventId: event.id, delivered: false, attempts: statuses.length, statuses };
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
