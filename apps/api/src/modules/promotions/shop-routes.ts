// The shopper's public promotion calls under /api/v1 (docs/api.md#promotions): the preview of a cart the server does
// not hold, and a product's best offer. The preview accepts a code, so it is rate limited per client address with
// the cart's code call: at a few dozen tries a minute, a batch of random codes cannot be walked.
import {
  productOfferQuerySchema,
  productOfferResponseSchema,
  promotionPreviewBodySchema,
  promotionPreviewResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { previewPromotions, productOffer } from './shop.ts';

// At most 50 lines of a hundred bytes each.
const PREVIEW_BODY_LIMIT = 16 * 1024;
/** Offers change when the owner edits a promotion or a window opens: a minute's staleness is harmless. */
const OFFER_MAX_AGE_SECONDS = 60;

export const shopPromotionRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    '/promotions/preview',
    {
      bodyLimit: PREVIEW_BODY_LIMIT,
      config: { rateLimitGroup: 'promotion-codes' },
      schema: { body: promotionPreviewBodySchema, response: { 200: promotionPreviewResponseSchema } },
    },
    async (req, reply) => {
      // The answer depends on the code sent and on the time: never to be kept by a cache.
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await previewPromotions(db, req.body, clock.now()) };
    },
  );

  app.get(
    '/promotions/offers',
    { schema: { querystring: productOfferQuerySchema, response: { 200: productOfferResponseSchema } } },
    async (req, reply) => {
      reply.header('cache-control', `public, max-age=${OFFER_MAX_AGE_SECONDS}`);
      return {
        success: true as const,
        data: { offer: await productOffer(db, req.query.productId, clock.now()) },
      };
    },
  );
};
