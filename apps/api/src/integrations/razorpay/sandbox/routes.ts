// The sandbox's HTTP face, mounted under /__razorpay (outside /api/v1): Razorpay's REST API under /v1 with HTTP
// Basic auth and Razorpay's error shape, the checkout script and the endpoint its pop-up calls, and test controls.
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { badRequest, type SandboxGateway, SandboxError } from './gateway.ts';
import { REFUND_TIMINGS, type RefundOutcome, type RefundTiming, type SandboxRefunds } from './refunds.ts';
import type {
  RazorpaySandbox,
  SandboxRefundCall,
  SandboxRefundControls,
  SandboxWebhooks,
} from './sandbox.ts';

const checkoutScript = readFileSync(new URL('./checkout.browser.js', import.meta.url), 'utf8');

export interface SandboxRoutesOptions {
  keyId: string;
  keySecret: string;
  gateway: SandboxGateway;
  pay: RazorpaySandbox['pay'];
  capture: RazorpaySandbox['capturePayment'];
  webhooks: SandboxWebhooks;
  refund: SandboxRefundCall;
  refunds: Pick<SandboxRefunds, 'list' | 'get'>;
  refundControls: SandboxRefundControls;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

function basicAuth(keyId: string, keySecret: string) {
  const expected = digest(`${keyId}:${keySecret}`);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    if (!timingSafeEqual(digest(given), expected)) {
      return reply.code(401).send({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Authentication failed',
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      });
    }
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const optionalString = (v: unknown) => (typeof v === 'string' && v.length <= 256 ? v : undefined);

function outcomeOf(body: Record<string, unknown>): 'success' | 'failure' {
  if (body.outcome !== 'success' && body.outcome !== 'failure') {
    throw badRequest("outcome must be 'success' or 'failure'", { field: 'outcome' });
  }
  return body.outcome;
}

/** Razorpay's error shape for every failure, so the sandbox's clients read errors as they would Razorpay's. */
function sandboxErrorHandler(err: FastifyError | SandboxError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof SandboxError) return reply.code(err.statusCode).send({ error: err.body });
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: err.message,
        source: 'NA',
        step: 'NA',
        reason: 'NA',
      },
    });
  }
  req.log.error({ err }, 'Razorpay sandbox failed');
  return reply.code(500).send({
    error: {
      code: 'SERVER_ERROR',
      description: 'The server encountered an error',
      source: 'NA',
      step: 'NA',
    },
  });
}

/** Razorpay's REST API, the part the store's client uses. */
function razorpayApiRoutes(v1: FastifyInstance, opts: SandboxRoutesOptions): void {
  v1.addHook('onRequest', basicAuth(opts.keyId, opts.keySecret));
  v1.post('/orders', async (req) => opts.gateway.createOrder(req.body));
  v1.get<{ Params: { id: string } }>('/orders/:id', async (req) => opts.gateway.getOrder(req.params.id));
  v1.get<{ Params: { id: string } }>('/orders/:id/payments', async (req) => {
    const items = await opts.gateway.listPayments(req.params.id);
    return { entity: 'collection', count: items.length, items };
  });
  v1.get<{ Params: { id: string } }>('/payments/:id', async (req) => opts.gateway.getPayment(req.params.id));
  refundRoutes(v1, opts);
}

function refundRoutes(v1: FastifyInstance, opts: SandboxRoutesOptions): void {
  // Resolved by onResponse: a refund that settles "after the answer" waits for the answer to be sent.
  const answeredBy = new WeakMap<FastifyRequest, () => void>();
  v1.post<{ Params: { id: string } }>(
    '/payments/:id/refund',
    { onResponse: async (req) => answeredBy.get(req)?.() },
    async (req) => {
      const key = req.headers['x-refund-idempotency'];
      const answered = new Promise<void>((resolve) => answeredBy.set(req, resolve));
      return opts.refund(req.params.id, req.body, typeof key === 'string' ? key : undefined, answered);
    },
  );
  v1.get<{ Params: { id: string } }>('/payments/:id/refunds', async (req) => {
    const items = await opts.refunds.list(req.params.id);
    return { entity: 'collection', count: items.length, items };
  });
  v1.get<{ Params: { id: string; refundId: string } }>('/payments/:id/refunds/:refundId', async (req) => {
    const refund = await opts.refunds.get(req.params.refundId);
    if (refund.payment_id !== req.params.id)
      throw badRequest('The id provided does not exist', { step: 'NA' });
    return refund;
  });
  v1.get<{ Params: { id: string } }>('/refunds/:id', async (req) => opts.refunds.get(req.params.id));
}

/** Test controls: webhook delivery on demand, payments without a browser, refund settlement. */
function testControlRoutes(control: FastifyInstance, opts: SandboxRoutesOptions): void {
  control.addHook('onRequest', basicAuth(opts.keyId, opts.keySecret));
  control.get<{ Querystring: { order_id?: string } }>('/webhooks', async (req) => ({
    mode: opts.webhooks.mode,
    events: (await opts.webhooks.list({ orderId: req.query.order_id })).map(({ body, ...e }) => ({
      ...e,
      payload: JSON.parse(body) as unknown,
    })),
  }));
  control.post<{ Params: { id: string } }>('/webhooks/:id/deliver', async (req) => {
    if (!(await opts.gateway.event(req.params.id))) throw badRequest('The id provided does not exist');
    return opts.webhooks.deliver(req.params.id);
  });
  control.post('/webhooks/deliver-pending', async (req) => {
    const body = isObject(req.body) ? req.body : {};
    return opts.webhooks.deliverPending({
      reverse: body.reverse === true,
      orderId: typeof body.order_id === 'string' ? body.order_id : undefined,
    });
  });
  control.post<{ Params: { id: string } }>('/orders/:id/pay', async (req) => {
    const result = await opts.pay(req.params.id, outcomeOf(isObject(req.body) ? req.body : {}));
    return { payment: result.payment, order: result.order, handler: result.handler ?? null };
  });
  control.post<{ Params: { id: string } }>('/payments/:id/capture', async (req) => {
    const result = await opts.capture(req.params.id);
    return { payment: result.payment, order: result.order };
  });
  refundControlRoutes(control, opts.refundControls);
}

function timingOf(value: unknown): RefundTiming | null {
  if (value === null || (REFUND_TIMINGS as readonly unknown[]).includes(value))
    return value as RefundTiming | null;
  throw badRequest(`timing must be null or one of ${REFUND_TIMINGS.join(', ')}`, { field: 'timing' });
}

function outcomeOfSettle(value: unknown): RefundOutcome | undefined {
  if (value === undefined || value === 'processed' || value === 'failed') return value;
  throw badRequest("outcome must be 'processed' or 'failed'", { field: 'outcome' });
}

/** When refunds settle and which of them fail; settling pending refunds on demand. */
function refundControlRoutes(control: FastifyInstance, refunds: SandboxRefundControls): void {
  control.get('/refunds', async () => refunds.controls());
  control.post('/refunds', async (req) => {
    const body = isObject(req.body) ? req.body : {};
    if (body.reset === true) await refunds.reset();
    if ('timing' in body) await refunds.setTiming(timingOf(body.timing));
    if (body.fail_next !== undefined) {
      if (!Number.isInteger(body.fail_next) || (body.fail_next as number) < 0) {
        throw badRequest('fail_next must be a whole number', { field: 'fail_next' });
      }
      await refunds.failNext(body.fail_next as number);
    }
    if (typeof body.fail_payment_id === 'string') await refunds.failForPayment(body.fail_payment_id);
    return refunds.controls();
  });
  control.post('/refunds/settle', async (req) => {
    const body = isObject(req.body) ? req.body : {};
    const settled = await refunds.settle({
      refundId: typeof body.refund_id === 'string' ? body.refund_id : undefined,
      paymentId: typeof body.payment_id === 'string' ? body.payment_id : undefined,
      outcome: outcomeOfSettle(body.outcome),
    });
    return { entity: 'collection', count: settled.length, items: settled };
  });
}

export const sandboxRoutes: FastifyPluginAsync<SandboxRoutesOptions> = async (app, opts) => {
  // Clients of this API (razorpay-client.ts, the checkout script) read Razorpay's error shape, not the store's.
  app.setErrorHandler(sandboxErrorHandler);
  app.setNotFoundHandler((_req, reply) =>
    reply.code(404).send({
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    }),
  );

  app.get('/checkout.js', async (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(checkoutScript),
  );

  // What the pop-up posts when the tester clicks Pay or Fail. Checked against the public key id only, as
  // Razorpay's checkout is: anyone holding the key id and an order id can attempt a payment.
  app.post('/pay', async (req) => {
    const body = isObject(req.body) ? req.body : {};
    if (body.key_id !== opts.keyId) throw badRequest('The api key provided is invalid', { field: 'key_id' });
    if (typeof body.order_id !== 'string') throw badRequest('order_id is required', { field: 'order_id' });
    const outcome = outcomeOf(body);
    const result = await opts.pay(body.order_id, outcome, {
      email: optionalString(body.email),
      contact: optionalString(body.contact),
      description: optionalString(body.description),
    });
    if (result.handler) return result.handler;
    return {
      error: {
        code: result.payment.error_code,
        description: result.payment.error_description,
        source: result.payment.error_source,
        step: result.payment.error_step,
        reason: result.payment.error_reason,
        metadata: { order_id: result.payment.order_id, payment_id: result.payment.id },
      },
    };
  });

  await app.register(async (v1: FastifyInstance) => razorpayApiRoutes(v1, opts), { prefix: '/v1' });

  // Test controls (not part of Razorpay's API): webhook delivery on demand and payments without a browser.
  await app.register(async (control: FastifyInstance) => testControlRoutes(control, opts), {
    prefix: '/control',
  });
};
