// POST /api/v1/products/{id}/notify (docs/api.md#back-in-stock): no sign-in; limited per client address like the
// other public forms, since every request may later send an e-mail.
import { errorResponseSchema } from '@rangrez/contract/errors';
import {
  backInStockBodySchema,
  productIdParamsSchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type BackInStockDeps, requestNotice } from './service.ts';

export const backInStockRoutes: FastifyPluginAsyncZod<BackInStockDeps> = async (app, deps) => {
  app.post(
    '/products/:id/notify',
    {
      config: { rateLimitGroup: 'back-in-stock' },
      schema: {
        params: productIdParamsSchema,
        body: backInStockBodySchema,
        response: {
          200: successMessageResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (req) => ({ success: true as const, message: await requestNotice(deps, req.params.id, req.body) }),
  );
};
