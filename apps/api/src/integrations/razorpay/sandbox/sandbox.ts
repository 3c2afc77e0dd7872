// The local Razorpay: gateway state (gateway.ts, refunds.ts), its HTTP face (routes.ts) and webhook delivery, with
// the controls tests use (manual delivery, duplicates, out of order, late capture, when refunds settle and which
// fail).
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../lib/db.ts';
import type { RazorpayRefund } from '../port.ts';
import {
  createSandboxGateway,
  type PayerDetails,
  type PayResult,
  type SandboxEvent,
  type SandboxGateway,
} from './gateway.ts';
import {
  createSandboxRefunds,
  type RefundControls,
  type RefundOutcome,
  type RefundTiming,
  type SandboxRefunds,
} from './refunds.ts';
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

/** Test controls of refunds. They live in shared_state: every instance of the app follows them. */
export interface SandboxRefundControls {
  /** The controls in force, with the timing they amount to (the webhook mode's default when none was set). */
  controls(): Promise<RefundControls & { effectiveTiming: RefundTiming }>;
  /** When new refunds settle; null goes back to the default (webhooks auto: after-answer; manual: manual). */
  setTiming(timing: RefundTiming | null): Promise<void>;
  /** The next `count` refunds created fail when they settle (refund.failed). */
  failNext(count?: number): Promise<void>;
  /** Every refund of this payment fails when it settles. */
  failForPayment(paymentId: string): Promise<void>;
  /** Default timing, no planned failures. */
  reset(): Promise<void>;
  /**
   * Settles pending refunds now (one refund, a payment's, or all), oldest first, each as planned or as `outcome`
   * says, and sends (auto) or queues (manual) their refund.processed / refund.failed events.
   */
  settle(filter?: {
    refundId?: string;
    paymentId?: string;
    outcome?: RefundOutcome;
  }): Promise<RazorpayRefund[]>;
}

export interface RazorpaySandbox {
  readonly routes: FastifyPluginAsync;
  readonly gateway: SandboxGateway;
  readonly webhooks: SandboxWebhooks;
  readonly refunds: SandboxRefundControls;
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
  const gatewayOptions = { db: options.db, keySecret: options.keySecret, now: () => now() };
  const gateway = createSandboxGateway(gatewayOptions);
  const stopping = new AbortController();
  const { deliver, track, emitted, inFlight } = createDelivery(options, gateway, stopping.signal);
  const refunds = createRefundDesk({
    refunds: createSandboxRefunds(gatewayOptions),
    webhookMode: options.webhookMode,
    emitted,
    deliver,
    track,
    stopping: stopping.signal,
  });

  const sandbox: RazorpaySandbox = {
    gateway,
    refunds: refunds.controls,
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
        refund: refunds.refund,
        refunds: refunds.store,
        refundControls: refunds.controls,
      });
    },
  };
  return sandbox;
}

/** Webhook delivery (signed, retried) and the work in flight that `webhooks.idle()` waits for. */
function createDelivery(options: RazorpaySandboxOptions, gateway: SandboxGateway, stopping: AbortSignal) {
  const sender = createWebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    fetch: options.fetch,
    signal: stopping,
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

  /** Work that follows an answer, as Razorpay's does; `idle()` waits for it instead of a test sleeping. */
  function track(work: () => Promise<void>, what: string) {
    const run = work().catch((err: unknown) =>
      options.log?.warn({ err }, `Razorpay sandbox: ${what} failed`),
    );
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  // Webhooks follow the payment asynchronously, as Razorpay's do: the browser's handler may run first.
  async function emitted(events: SandboxEvent[]) {
    if (options.webhookMode !== 'auto' || stopping.aborted) return;
    track(async () => {
      for (const e of events) await deliver(e.id);
    }, 'webhook delivery');
  }

  return { deliver, track, emitted, inFlight };
}

/** What a refund call does in the sandbox: the refund, then its settlement at the time the controls say. */
export type SandboxRefundCall = (
  paymentId: string,
  body: unknown,
  idempotencyKey: string | undefined,
  /** Resolves once the HTTP answer has been sent. */
  answered: Promise<void>,
) => Promise<RazorpayRefund>;

function createRefundDesk(deps: {
  refunds: SandboxRefunds;
  webhookMode: WebhookMode;
  emitted: (events: SandboxEvent[]) => Promise<void>;
  deliver: (eventId: string) => Promise<DeliveryResult>;
  track: (work: () => Promise<void>, what: string) => void;
  stopping: AbortSignal;
}) {
  const { refunds } = deps;
  const defaultTiming: RefundTiming = deps.webhookMode === 'auto' ? 'after-answer' : 'manual';
  const timing = async () => (await refunds.controls()).timing ?? defaultTiming;
  const stopped = new Promise<void>((resolve) => deps.stopping.addEventListener('abort', () => resolve()));

  async function settleOne(refundId: string, outcome?: RefundOutcome) {
    const settled = await refunds.settle(refundId, outcome);
    if (settled) await deps.emitted(settled.events);
    return settled?.refund;
  }

  const refund: SandboxRefundCall = async (paymentId, body, idempotencyKey, answered) => {
    const { refund: created, events, replayed } = await refunds.create(paymentId, body, idempotencyKey);
    if (replayed) return created;
    const when = await timing();
    if (when === 'before-answer') {
      // The point of this timing: the store hears refund.created and refund.processed before the answer,
      // whatever the webhook mode.
      const settled = await refunds.settle(created.id);
      for (const e of [...events, ...(settled?.events ?? [])]) await deps.deliver(e.id);
      return created;
    }
    await deps.emitted(events);
    if (when === 'after-answer') {
      deps.track(async () => {
        await Promise.race([answered, stopped]);
        if (!deps.stopping.aborted) await settleOne(created.id);
      }, 'refund settlement');
    }
    return created;
  };

  const controls: SandboxRefundControls = {
    async controls() {
      return { ...(await refunds.controls()), effectiveTiming: await timing() };
    },
    async setTiming(value) {
      await refunds.updateControls(() => ({ timing: value }));
    },
    async failNext(count = 1) {
      await refunds.updateControls(() => ({ failNext: count }));
    },
    async failForPayment(paymentId) {
      await refunds.updateControls((current) => ({
        failPaymentIds: [...new Set([...current.failPaymentIds, paymentId])],
      }));
    },
    async reset() {
      await refunds.updateControls(() => null);
    },
    async settle({ refundId, paymentId, outcome } = {}) {
      const pending = refundId ? [await refunds.get(refundId)] : await refunds.pending({ paymentId });
      const settled: RazorpayRefund[] = [];
      for (const r of pending) {
        const done = await settleOne(r.id, outcome);
        if (done) settled.push(done);
      }
      return settled;
    },
  };
  return { refund, controls, store: refunds };
}
