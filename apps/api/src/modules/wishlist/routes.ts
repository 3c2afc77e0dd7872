// Wishlist calls (docs/api.md#wishlist). The bearer token names the acting user; the `userId` a client sends must be
// that user (403 otherwise, before anything is validated or changed).
import {
  type WishlistProduct,
  WISHLIST_API_MESSAGES,
  successMessageResponseSchema,
  wishlistAddBodySchema,
  wishlistClearBodySchema,
  wishlistRemoveParamsSchema,
  wishlistResponseSchema,
  wishlistUserBodySchema,
} from '@rangrez/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSelf } from '../../plugins/auth.ts';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body.ts';
import type { WishlistService } from './service.ts';

/** Each product under `product`, the entry shape clients read (docs/product/rules.md#wishlist). */
const entries = (products: WishlistProduct[]) => products.map((product) => ({ product }));

const WISHLIST_BODY_LIMIT = 16 * 1024;

/**
 * preValidation: a `userId` in the body must be the caller's (403). A missing or blank one is left to the body
 * schema, which answers 400 'User ID is required' (or, on clear, accepts its absence).
 */
async function selfBodyUserId(req: FastifyRequest): Promise<void> {
  const body = req.body as Record<string, unknown> | null | undefined;
  const userId = typeof body === 'object' && body !== null ? body.userId : undefined;
  if (userId === undefined || userId === null) return;
  if (typeof userId === 'string' && userId.trim() === '') return;
  requireSelf(req, typeof userId === 'string' ? userId.trim() : userId);
}

export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService }> = async (
  app,
  { wishlist },
) => {
  acceptEmptyJsonBody(app);
  // Personal data: never to be kept by a browser or proxy cache.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', selfBodyUserId);

  app.post(
    '/wishlist',
    {
      bodyLimit: WISHLIST_BODY_LIMIT,
      schema: { body: wishlistUserBodySchema, response: { 200: wishlistResponseSchema } },
    },
    async (req) => ({
      success: true as const,
      data: { products: entries(await wishlist.list(currentUser(req).id)) },
      message: WISHLIST_API_MESSAGES.fetched,
    }),
  );

  app.post(
    '/wishlist/add',
    {
      bodyLimit: WISHLIST_BODY_LIMIT,
      schema: { body: wishlistAddBodySchema, response: { 200: wishlistResponseSchema } },
    },
    async (req) => ({
      success: true as const,
      data: { products: entries(await wishlist.add(currentUser(req).id, req.body.productId)) },
      message: WISHLIST_API_MESSAGES.added,
    }),
  );

  app.delete(
    '/wishlist/remove/:productId',
    {
      bodyLimit: WISHLIST_BODY_LIMIT,
      schema: {
        params: wishlistRemoveParamsSchema,
        body: wishlistUserBodySchema,
        response: { 200: successMessageResponseSchema },
      },
    },
    async (req) => {
      await wishlist.remove(currentUser(req).id, req.params.productId);
      return { success: true as const, message: WISHLIST_API_MESSAGES.removed };
    },
  );

  app.delete(
    '/wishlist/clear',
    {
      bodyLimit: WISHLIST_BODY_LIMIT,
      schema: { body: wishlistClearBodySchema, response: { 200: successMessageResponseSchema } },
    },
    async (req) => {
      await wishlist.clear(currentUser(req).id);
      return { success: true as const, message: WISHLIST_API_MESSAGES.cleared };
    },
  );
};
