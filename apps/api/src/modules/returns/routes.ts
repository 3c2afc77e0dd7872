// The shopper's defect returns under /api/v1 (docs/api.md#returns): ask for one, upload its photos or video, follow
// it, and fetch its video back. Signed in, own orders only (anyone else's is 404), never cached.
import { errorResponseSchema } from '@rangrez/contract/errors';
import { RETURN_MESSAGES } from '@rangrez/contract/rules';
import {
  orderReferenceParamsSchema,
  orderReturnsResponseSchema,
  returnListResponseSchema,
  returnRequestBodySchema,
  returnResponseSchema,
  returnUploadResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { readImageUpload, registerUploadParser } from '../media/index.ts';
import type { EvidenceRow } from './repository.ts';
import type { ReturnsService } from './service.ts';
import { registerVideoParser } from './video.ts';

export interface ReturnRoutesOptions {
  returns: ReturnsService;
}

const uploadAnswers = {
  201: returnUploadResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** One image per call, read only once the order is known to be the shopper's and returnable; checked like a review photo. */
const photoRoute: FastifyPluginAsyncZod<ReturnRoutesOptions> = async (app, { returns }) => {
  await registerUploadParser(app);
  app.post(
    '/orders/:orderId/returns/photos',
    {
      config: { rateLimitGroup: 'reviews' },
      schema: {
        description:
          'multipart/form-data: `file` (JPEG, PNG, WebP or AVIF, at most 20 MB and 40 megapixels, at least 600 px ' +
          'wide), for the `photoIds` of a return of this order.',
        params: orderReferenceParamsSchema,
        response: uploadAnswers,
      },
    },
    async (req, reply) => {
      const userId = currentUser(req).id;
      await returns.orderForUpload(userId, req.params.orderId);
      const { upload } = await readImageUpload(req);
      return reply
        .code(201)
        .send({ success: true as const, upload: await returns.storePhoto(userId, upload) });
    },
  );
};

/** One short video (MP4, WebM or QuickTime, at most 20 MB), streamed to disk. */
const videoRoute: FastifyPluginAsyncZod<ReturnRoutesOptions> = async (app, { returns }) => {
  await registerVideoParser(app);
  app.post(
    '/orders/:orderId/returns/video',
    {
      config: { rateLimitGroup: 'reviews' },
      schema: {
        description:
          'multipart/form-data: `file` (MP4, WebM or QuickTime by its content, at most 20 MB), for the `videoId` ' +
          'of a return of this order.',
        params: orderReferenceParamsSchema,
        response: uploadAnswers,
      },
    },
    async (req, reply) => {
      const order = await returns.orderForUpload(currentUser(req).id, req.params.orderId);
      return reply.code(201).send({ success: true as const, upload: await returns.storeVideo(req, order) });
    },
  );
};

/** A video evidence file's answer, for the reference. */
export const videoResponse = {
  200: {
    description: "The return's video (MP4, WebM or QuickTime), as uploaded",
    content: {
      'video/mp4': { schema: z.string() },
      'video/webm': { schema: z.string() },
      'video/quicktime': { schema: z.string() },
    },
  },
  404: errorResponseSchema,
};

export const evidenceParamsSchema = z.object({
  returnId: z.uuid(RETURN_MESSAGES.returnNotFound),
  evidenceId: z.uuid(RETURN_MESSAGES.returnNotFound),
});

/** Sends a video evidence file; photos are served as images (their URL is in the return). */
export function sendVideo(reply: FastifyReply, returns: ReturnsService, evidence: EvidenceRow | undefined) {
  if (!evidence || evidence.kind !== 'video' || !evidence.storageKey)
    throw notFound(RETURN_MESSAGES.returnNotFound);
  return reply
    .header('content-type', evidence.contentType ?? 'application/octet-stream')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(returns.readVideo(evidence.storageKey));
}

export const returnRoutes: FastifyPluginAsyncZod<ReturnRoutesOptions> = async (app, { returns }) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/orders/:orderId/returns',
    {
      config: { rateLimitGroup: 'orders' },
      schema: {
        params: orderReferenceParamsSchema,
        body: returnRequestBodySchema,
        response: { 201: returnResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const ret = await returns.request(currentUser(req).id, req.params.orderId, req.body);
      return reply
        .code(201)
        .send({ success: true as const, message: RETURN_MESSAGES.requested, return: ret });
    },
  );

  app.get(
    '/orders/:orderId/returns',
    {
      schema: {
        params: orderReferenceParamsSchema,
        response: { 200: orderReturnsResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await returns.ofOrder(currentUser(req).id, req.params.orderId)),
    }),
  );

  app.get('/returns', { schema: { response: { 200: returnListResponseSchema } } }, async (req) => ({
    success: true as const,
    returns: await returns.listMine(currentUser(req).id),
  }));

  app.get(
    '/returns/:returnId/evidence/:evidenceId',
    { schema: { params: evidenceParamsSchema, response: videoResponse } },
    async (req, reply) =>
      sendVideo(
        reply,
        returns,
        await returns.shopperVideo(currentUser(req).id, req.params.returnId, req.params.evidenceId),
      ),
  );

  await app.register(photoRoute, { returns });
  await app.register(videoRoute, { returns });
};
