// Review calls: the shopper's own review and its photo uploads under /api/v1 (docs/api.md#reviews), and moderation
// under /api/v1/admin (docs/admin.md#reviews), each admin route declaring its permission.
import { errorResponseSchema } from '@rangrez/contract/errors';
import { REVIEW_MESSAGES } from '@rangrez/contract/rules';
import {
  adminReviewListResponseSchema,
  adminReviewQuerySchema,
  adminReviewResponseSchema,
  myReviewResponseSchema,
  productIdParamsSchema,
  reviewBodySchema,
  reviewIdParamsSchema,
  reviewRejectBodySchema,
  reviewPhotoUploadResponseSchema,
  reviewReplyBodySchema,
  reviewSavedResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../plugins/admin.ts';
import { currentUser } from '../../plugins/auth.ts';
import { readImageUpload, registerUploadParser } from '../media/index.ts';
import type { ReviewsService } from './service.ts';

export interface ReviewRoutesOptions {
  reviews: ReviewsService;
}

const REVIEW_BODY_LIMIT = 16 * 1024;

/**
 * POST /product/{id}/review/photos: one image, read only once the shopper is known to be allowed to review the
 * product, then checked like a staff upload. In a scope of its own: the multipart parser serves this route only.
 */
const photoUploadRoute: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { reviews }) => {
  await registerUploadParser(app);
  app.post(
    '/product/:id/review/photos',
    {
      config: { rateLimitGroup: 'reviews' },
      schema: {
        description:
          'multipart/form-data: `file` (JPEG, PNG, WebP or AVIF, at most 20 MB and 40 megapixels, at least 600 px ' +
          "wide), for the `photos` of the shopper's review of this product.",
        params: productIdParamsSchema,
        response: {
          201: reviewPhotoUploadResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const userId = currentUser(req).id;
      await reviews.assertMayUpload(userId, req.params.id);
      const { upload } = await readImageUpload(req);
      const photo = await reviews.storePhoto(userId, upload);
      return reply.code(201).send({ success: true as const, photo });
    },
  );
};

/** GET /product/{id}/my-review, PUT /product/{id}/review and its photo uploads, for the signed-in shopper. */
export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { reviews }) => {
  // Personal data: never to be kept by a browser or proxy cache.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/product/:id/my-review',
    {
      schema: {
        params: productIdParamsSchema,
        response: { 200: myReviewResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => reviews.mine(currentUser(req).id, req.params.id),
  );

  app.put(
    '/product/:id/review',
    {
      bodyLimit: REVIEW_BODY_LIMIT,
      config: { rateLimitGroup: 'reviews' },
      schema: {
        params: productIdParamsSchema,
        body: reviewBodySchema,
        response: {
          200: reviewSavedResponseSchema,
          201: reviewSavedResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const { created, review } = await reviews.save(currentUser(req).id, req.params.id, req.body);
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, message: REVIEW_MESSAGES.submitted, review });
    },
  );

  await app.register(photoUploadRoute, { reviews });
};

/** The moderation queue, approving, rejecting and replying. */
export const reviewAdminRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { reviews }) => {
  app.get(
    '/reviews',
    {
      config: { permission: 'reviews:read' },
      schema: { querystring: adminReviewQuerySchema, response: { 200: adminReviewListResponseSchema } },
    },
    async (req) => reviews.list(req.query),
  );
  const moderated = { config: { permission: 'reviews:moderate' as const } };
  const answer = { 200: adminReviewResponseSchema, 404: errorResponseSchema };
  app.post(
    '/reviews/:id/approve',
    { ...moderated, schema: { params: reviewIdParamsSchema, response: answer } },
    async (req) => ({ review: await reviews.approve(auditActor(req), req.params.id) }),
  );
  app.post(
    '/reviews/:id/reject',
    {
      ...moderated,
      schema: { params: reviewIdParamsSchema, body: reviewRejectBodySchema, response: answer },
    },
    async (req) => ({ review: await reviews.reject(auditActor(req), req.params.id, req.body.reason) }),
  );
  app.put(
    '/reviews/:id/reply',
    { ...moderated, schema: { params: reviewIdParamsSchema, body: reviewReplyBodySchema, response: answer } },
    async (req) => ({ review: await reviews.reply(auditActor(req), req.params.id, req.body.text) }),
  );
};
