// The local Razorpay: gateway state (gateway.ts), its HTTP face (routes.ts) and webhook delivery, with the
// controls tests use (manual delivery, duplicates, out of order, late capture).
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../lib/db.ts';
import {
  createSandboxGateway,
  type PayerDetails,
  type PayResult,
  type SandboxEvent,
  type SandboxGateway,
} from './gateway.ts';
import { sandboxRoutes } from './routes.ts';
import { createWebhookSender, type DeliveryResult, type WebhookSenderOptions } from './webhook-sender.ts';

export type WebhookMode = 'auto' | 'manual';

export interface RazorpaySandboxOptions {
  db: Db;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go: by default the store's own POST /api/v1/razorpay/webhook. */
  webhookUrl: string;
  /** auto: sent right after each payment, like Razorpay. manual: queued until a test delivers them. */
  webhookMode: WebhookMode;
  /** The fetch that reaches webhookUrl (in-process for the store itself, the network otherwise). */
  fetch: typeof fetch;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
  /** Retry tuning of the sender (tests shorten the backoff). */
  sender?: Pick<WebhookSenderOptions, 'maxAttempts' | 'baseDelayMs' | 'sleep' | 'timeoutMs'>;
}

export interface SandboxWebhooks {
  readonly mode: WebhookMode;
  /** Stored events oldest first, with how often each was delivered. */
  list(filter?: { orderId?: string }): Promise<SandboxEvent[]>;
  /** Sends one stored event (again): the same body, signature and event id, so a repeat is a true duplicate. */
  deliver(eventId: string): Promise<DeliveryResult>;
  /** Sends every event not delivered yet, oldest first, or newest first with `reverse` (out of order). */
  deliverPending(options?: { reverse?: boolean; orderId?: string }): Promise<DeliveryResult[]>;
  /** Resolves when automatic deliveries in flight are done (tests await it instead of sleeping). */
  idle(): Promise<void>;
}

export interface RazorpaySandbox {
  readonly routes: FastifyPluginAsync;
  readonly gateway: SandboxGateway;
  readonly webhooks: SandboxWebhooks;
  /** The tester's choice without a browser: what clicking Pay or Fail in the pop-up does. */
  pay(
    orderId: string,
    outcome: 'success' | 'failure',
    payer?: PayerDetails,
  ): Promise<PayResult & { handler?: HandlerPayload }>;
  /** A failed payment captured after all (late UPI success): sends payment.captured (and order.paid). */
  capturePayment(paymentId: string): Promise<PayResult>;
  /** Replace the clock stamping created_at (tests). */
  setClock(now: () => Date): void;
}

export interface HandlerPayload {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export function createRazorpaySandbox(options: RazorpaySandboxOptions): RazorpaySandbox {
  let now = options.now ?? (() => new Date());
  const gateway = createSandboxGateway({ db: options.db, keySecret: options.keySecret, now: () => now() });
  const stopping = new AbortController();
  const sender = createWebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    fetch: options.fetch,
    signal: stopping.signal,
    ...options.sender,
  });
  const inFlight = new Set<Promise<unknown>>();

  async function deliver(eventId: string): Promise<DeliveryResult> {
    const event = await gateway.event(eventId);
    if (!event) throw new Error(`No sandbox webhook event ${eventId}`);
    const result = await sender.send({ id: event.id, body: event.body });
    await gateway.recordDelivery(event.id, result.statuses);
    if (!result.delivered) {
      options.log?.warn(
        { eventId, event: event.event, url: sender.url, statuses: result.statuses },
        'Razorpay sandbox: webhook not accepted; giving up',
      );
    }
    return result;
  }

  // Webhooks follow the payment asynchronously, as Razorpay's do: the browser's handler may run first.
  async function emitted(events: SandboxEvent[]) {
    if (options.webhookMode !== 'auto' || stopping.signal.aborted) return;
    const run = (async () => {
      for (const e of events) await deliver(e.id);
    })().catch((err: unknown) => options.log?.warn({ err }, 'Razorpay sandbox: webhook delivery failed'));
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  const sandbox: RazorpaySandbox = {
    gateway,
    webhooks: {
      mode: options.webhookMode,
      list: (filter) => gateway.events(filter),
      deliver,
      async deliverPending({ reverse = false, orderId } = {}) {
        const pending = (await gateway.events({ orderId })).filter((e) => e.deliveries === 0);
        if (reverse) pending.reverse();
        const results: DeliveryResult[] = [];
        for (const e of pending) results.push(await deliver(e.id));
        return results;
      },
      async idle() {
        while (inFlight.size) await Promise.all([...inFlight]);
      },
    },
    async pay(orderId, outcome, payer) {
      const result = await gateway.pay(orderId, outcome, payer);
      await emitted(result.events);
      return outcome === 'success' ? { ...result, handler: gateway.handlerResponse(result.payment) } : result;
    },
    async capturePayment(paymentId) {
      const result = await gateway.capture(paymentId);
      await emitted(result.events);
      return result;
    },
    setClock(clock) {
      now = clock;
    },
    routes: async (app) => {
      app.addHook('onClose', async () => {
        stopping.abort();
        await sandbox.webhooks.idle();
      });
      await app.register(sandboxRoutes, {
        keyId: options.keyId,
        keySecret: options.keySecret,
        gateway,
        pay: sandbox.pay,
        capture: sandbox.capturePayment,
        webhooks: sandbox.webhooks,
      });
    },
  };
  return sandbox;
}
