// POST /qikink/order (cash on delivery) and GET /orders/{userId} (docs/api.md#orders-and-payment).
import {
  orderActionResponseSchema,
  orderBodySchema,
  orderReferenceParamsSchema,
  ordersParamsSchema,
  ordersResponseSchema,
  placeOrderResponseSchema,
} from '@rangrez/contract/schemas';
import { errorResponseSchema } from '@rangrez/contract/errors';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { currentUser, requireSelf, selfParam } from '../../plugins/auth.ts';
import { ORDER_MESSAGES } from './errors.ts';
import type { OrderRow } from './repository.ts';
import type { OrdersService } from './service.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{1,200}$/;

/**
 * The client's key for one submission: `Idempotency-Key` (or `X-Idempotency-Key`). Without one, the server derives
 * a key from the body for 60 seconds (docs/orders-lifecycle.md#idempotency); our checkout page always sends one.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'] ?? req.headers['x-idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return null;
  if (!IDEMPOTENCY_KEY.test(value)) throw badRequest(ORDER_MESSAGES.idempotencyKeyInvalid);
  return value;
}

/**
 * customerId in an order body must be the caller (403 otherwise), checked before body validation so someone else's
 * id is refused whatever the rest of the body says. The caller is always the token's user; the field is a check.
 */
export const customerIsCaller: preValidationAsyncHookHandler = async (req) => {
  const body = req.body as { customerId?: unknown } | null | undefined;
  const customerId = typeof body === 'object' && body !== null ? body.customerId : undefined;
  if (typeof customerId === 'string') requireSelf(req, customerId.trim());
};

type OrdersApp = Parameters<FastifyPluginAsyncZod<{ orders: OrdersService }>>[0];

/**
 * A shopper's action on one of their own orders (`{orderId}` is the order number or `_id`; anyone else's is 404),
 * answered with a message and the order as it is now.
 */
function registerOrderAction(
  app: OrdersApp,
  orders: OrdersService,
  path: string,
  act: (userId: string, reference: string) => Promise<{ order: OrderRow; message: string }>,
) {
  app.post(
    path,
    {
      config: { rateLimitGroup: 'orders' },
      onRequest: app.authenticate,
      schema: {
        params: orderReferenceParamsSchema,
        response: { 200: orderActionResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req) => {
      const { order, message } = await act(currentUser(req).id, req.params.orderId);
      return { success: true as const, message, order: await orders.orderJson(order) };
    },
  );
}

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/qikink/order',
    {
      config: { rateLimitGroup: 'orders' },
      onRequest: app.authenticate,
      preValidation: customerIsCaller,
      schema: { body: orderBodySchema, response: { 201: placeOrderResponseSchema } },
    },
    async (req, reply) => {
      const { order, items } = await orders.placeOrder(req.body, {
        userId: currentUser(req).id,
        idempotencyKey: idempotencyKeyOf(req),
        channel: 'cod',
      });
      // A replayed submission gets the same answer as the first: 201 with the same order.
      return reply.code(201).send({
        success: true as const,
        message: ORDER_MESSAGES.placed,
        qikinkOrderId: order.orderNumber,
        order: await orders.orderJson(order, items),
      });
    },
  );

  registerOrderAction(app, orders, '/orders/:orderId/cancel', async (userId, reference) => {
    const { order, outcome } = await orders.cancelByShopper(userId, reference);
    const message = outcome === 'cancelled' ? ORDER_MESSAGES.cancelled : ORDER_MESSAGES.cancellationRequested;
    return { order, message };
  });
  // The shopper gives up paying online (docs/orders-lifecycle.md#paying-again).
  registerOrderAction(app, orders, '/orders/:orderId/cod', async (userId, reference) => ({
    order: await orders.switchToCod(userId, reference),
    message: ORDER_MESSAGES.switchedToCod,
  }));

  app.get(
    '/orders/:userId',
    {
      onRequest: app.authenticate,
      preValidation: selfParam('userId'),
      schema: { params: ordersParamsSchema, response: { 200: ordersResponseSchema } },
    },
    async (req) => {
      const list = await orders.listOrders(req.params.userId);
      return {
        success: true as const,
        orders: list,
        message: list.length > 0 ? ORDER_MESSAGES.listed : ORDER_MESSAGES.noOrders,
      };
    },
  );
};
