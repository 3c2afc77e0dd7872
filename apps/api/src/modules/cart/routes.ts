// The signed-in shopper's cart under /api/v1/cart (docs/decisions/007-cart-api.md; the contract lists the
// bodies and answers in packages/contract/src/schemas/cart.ts). Always the caller's own cart: no user id in the
// path or body.
import {
  CART_API_MESSAGES,
  cartAddBodySchema,
  cartCouponBodySchema,
  cartMergeBodySchema,
  cartMergeResponseSchema,
  cartRemoveBodySchema,
  cartResponseSchema,
  cartSetQuantityBodySchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { CartService } from './service.ts';

// At most 50 anonymous lines of a few hundred bytes each.
const CART_BODY_LIMIT = 64 * 1024;

/** Ours: the spec has no promotion codes, so no words for these notices (docs/promotions.md). */
const CART_COUPON_MESSAGES = { applied: 'Code applied.', removed: 'Code removed.' } as const;

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  acceptEmptyJsonBody(app);
  // Personal data: never to be kept by a browser or proxy cache.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', app.authenticate);

  const response = { 200: cartResponseSchema };

  app.get('/cart', { schema: { response } }, async (req) => ({
    success: true as const,
    data: await cart.view(currentUser(req).id),
  }));

  app.post(
    '/cart/items',
    { bodyLimit: CART_BODY_LIMIT, schema: { body: cartAddBodySchema, response } },
    async (req) => ({
      success: true as const,
      message: CART_API_MESSAGES.added,
      data: await cart.add(currentUser(req).id, req.body),
    }),
  );

  app.put(
    '/cart/items',
    { bodyLimit: CART_BODY_LIMIT, schema: { body: cartSetQuantityBodySchema, response } },
    async (req) => {
      const { quantity, ...key } = req.body;
      return {
        success: true as const,
        message: quantity === 0 ? CART_API_MESSAGES.removed : CART_API_MESSAGES.updated,
        data: await cart.setQuantity(currentUser(req).id, key, quantity),
      };
    },
  );

  app.delete(
    '/cart/items',
    { bodyLimit: CART_BODY_LIMIT, schema: { body: cartRemoveBodySchema, response } },
    async (req) => ({
      success: true as const,
      message: CART_API_MESSAGES.removed,
      data: await cart.remove(currentUser(req).id, req.body),
    }),
  );

  app.delete('/cart', { bodyLimit: CART_BODY_LIMIT, schema: { response } }, async (req) => ({
    success: true as const,
    message: CART_API_MESSAGES.cleared,
    data: await cart.clear(currentUser(req).id),
  }));

  app.post(
    '/cart/coupon',
    {
      bodyLimit: CART_BODY_LIMIT,
      config: { rateLimitGroup: 'promotion-codes' },
      schema: { body: cartCouponBodySchema, response },
    },
    async (req) => ({
      success: true as const,
      message: CART_COUPON_MESSAGES.applied,
      data: await cart.applyCoupon(currentUser(req).id, req.body.code),
    }),
  );

  app.delete('/cart/coupon', { bodyLimit: CART_BODY_LIMIT, schema: { response } }, async (req) => ({
    success: true as const,
    message: CART_COUPON_MESSAGES.removed,
    data: await cart.removeCoupon(currentUser(req).id),
  }));

  app.post(
    '/cart/merge',
    {
      bodyLimit: CART_BODY_LIMIT,
      schema: { body: cartMergeBodySchema, response: { 200: cartMergeResponseSchema } },
    },
    async (req) => {
      const data = await cart.merge(currentUser(req).id, req.body);
      return {
        success: true as const,
        message: data.merge.applied ? CART_API_MESSAGES.merged : CART_API_MESSAGES.mergeReplayed,
        data,
      };
    },
  );
};
