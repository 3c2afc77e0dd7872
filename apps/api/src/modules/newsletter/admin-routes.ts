// GET /api/v1/admin/subscribers and its CSV (docs/admin.md#subscribers): the newsletter's list, read-only.
import { adminSubscriberListResponseSchema, adminSubscriberQuerySchema } from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminSubscribersService } from './admin-service.ts';

export interface AdminSubscriberRoutesOptions {
  subscribers: AdminSubscribersService;
}

export const adminSubscriberRoutes: FastifyPluginAsyncZod<AdminSubscriberRoutesOptions> = async (
  app,
  { subscribers },
) => {
  app.get(
    '/subscribers',
    {
      config: { permission: 'subscribers:read' },
      schema: {
        querystring: adminSubscriberQuerySchema,
        response: { 200: adminSubscriberListResponseSchema },
      },
    },
    async (req) => subscribers.list(req.query),
  );
  app.get(
    '/subscribers.csv',
    {
      config: { permission: 'subscribers:read' },
      schema: {
        querystring: adminSubscriberQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: z.string() } } } },
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(await subscribers.csv(req.query)),
  );
};
