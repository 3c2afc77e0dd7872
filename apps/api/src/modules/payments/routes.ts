// POST /razorpay/initiate-payment, /razorpay/process-order, /orders/{orderId}/pay and /razorpay/webhook (docs/api.md#orders-and-payment).
import {
  initiatePaymentBodySchema,
  initiatePaymentResponseSchema,
  orderReferenceParamsSchema,
  paymentConfigResponseSchema,
  placeOrderResponseSchema,
  processOrderBodySchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import { errorResponseSchema } from '@rangrez/contract/errors';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { customerIsCaller, idempotencyKeyOf } from '../orders/index.ts';
import { type PaymentsService, WEBHOOK_MESSAGES } from './service.ts';

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  await app.register(async (scope) => {
    const shopper = scope.withTypeProvider<ZodTypeProvider>();
    shopper.addHook('onRequest', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // Public: the page loads the provider's script before the shopper pays.
    shopper.get(
      '/razorpay/config',
      { schema: { response: { 200: paymentConfigResponseSchema } } },
      async () => ({ success: true as const, ...payments.checkoutConfig() }),
    );

    shopper.post(
      '/razorpay/initiate-payment',
      {
        config: { rateLimitGroup: 'orders' },
        onRequest: app.authenticate,
        preValidation: customerIsCaller,
        schema: { body: initiatePaymentBodySchema, response: { 200: initiatePaymentResponseSchema } },
      },
      async (req) =>
        payments.initiate(req.body, { userId: currentUser(req).id, idempotencyKey: idempotencyKeyOf(req) }),
    );

    // Paying again for an order waiting for its money (docs/orders-lifecycle.md#paying-again).
    shopper.post(
      '/orders/:orderId/pay',
      {
        config: { rateLimitGroup: 'orders' },
        onRequest: app.authenticate,
        schema: {
          params: orderReferenceParamsSchema,
          response: {
            200: initiatePaymentResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (req) => payments.retryPayment(currentUser(req).id, req.params.orderId),
    );

    shopper.post(
      '/razorpay/process-order',
      {
        onRequest: app.authenticate,
        preValidation: customerIsCaller,
        schema: { body: processOrderBodySchema, response: { 200: placeOrderResponseSchema } },
      },
      async (req) =>
        payments.processOrder(req.body, {
          userId: currentUser(req).id,
          idempotencyKey: idempotencyKeyOf(req),
        }),
    );
  });

  // The signature covers the exact bytes Razorpay sent, so this scope keeps JSON bodies unparsed.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body);
    });
    hooks.post(
      '/razorpay/webhook',
      { schema: { response: { 200: successMessageResponseSchema } } },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const outcome = await payments.handleWebhook(raw, {
          signature: req.headers['x-razorpay-signature'],
          eventId: req.headers['x-razorpay-event-id'],
        });
        return {
          success: true as const,
          message: outcome === 'duplicate' ? WEBHOOK_MESSAGES.duplicate : WEBHOOK_MESSAGES.received,
        };
      },
    );
  });
};
