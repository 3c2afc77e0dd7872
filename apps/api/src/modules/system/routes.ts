import { errorResponseSchema } from '@rangrez/contract/errors';
import { healthResponseSchema } from '@rangrez/contract/schemas';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema, 503: errorResponseSchema } } }, async (req, reply) => {
    try {
      // A real round trip: a pool that cannot reach PostgreSQL must not report healthy.
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    } catch (err) {
      req.log.warn({ err }, 'health check: database unreachable');
      return reply.code(503).send({ success: false, message: 'Database unavailable' });
    }
  });
};
