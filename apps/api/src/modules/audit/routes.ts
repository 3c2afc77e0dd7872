// GET /admin/audit: the whole trail for the owner, filtered by actor, entity, action and date.
import { auditListResponseSchema, auditQuerySchema } from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { listAudit } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/audit',
    {
      config: { permission: 'audit:read' },
      schema: { querystring: auditQuerySchema, response: { 200: auditListResponseSchema } },
    },
    async (req) => listAudit(db, req.query),
  );
};
