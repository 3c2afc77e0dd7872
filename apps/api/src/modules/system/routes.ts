import { errorResponseSchema } from '@rangrez/contract/errors';
import { healthResponseSchema } from '@rangrez/contract/schemas';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Db } from '../../lib/db.ts';

/** A check that has not answered by then counts as failed: a load balancer must not wait on a hung database. */
export const READY_TIMEOUT_MS = 3_000;

const checkState = z.enum(['ok', 'failed']);
const checksSchema = z.object({ database: checkState, jobs: checkState });
const readyResponseSchema = z.object({ status: z.literal('ready'), checks: checksSchema });
const notReadyResponseSchema = errorResponseSchema.extend({ checks: checksSchema });

type Check = z.infer<typeof checkState>;

async function probe(work: () => Promise<unknown>, onError: (err: unknown) => void): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([work(), timeout]);
    return 'ok';
  } catch (err) {
    onError(err);
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export const systemRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobRunner }> = async (app, { db, jobs }) => {
  // Liveness: the process answers and reaches its database.
  app.get(
    '/health',
    { schema: { response: { 200: healthResponseSchema, 503: errorResponseSchema } } },
    async (req, reply) => {
      try {
        // A real round trip: a pool that cannot reach PostgreSQL must not report healthy.
        await db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (err) {
        req.log.warn({ err }, 'health check: database unreachable');
        return reply.code(503).send({ success: false, message: 'Database unavailable' });
      }
    },
  );

  // Readiness: whether this instance can take traffic, i.e. its database and its job queue (pg-boss) answer.
  app.get(
    '/ready',
    { schema: { response: { 200: readyResponseSchema, 503: notReadyResponseSchema } } },
    async (req, reply) => {
      const [database, queue] = await Promise.all([
        probe(
          () => db.execute(sql`select 1`),
          (err) => req.log.warn({ err }, 'readiness: database unreachable'),
        ),
        probe(
          // ready() installs pg-boss once and then resolves at once; the query asks its schema for real.
          async () => {
            await jobs.ready();
            await db.execute(sql`select version from pgboss.version`);
          },
          (err) => req.log.warn({ err }, 'readiness: job queue unavailable'),
        ),
      ]);
      const checks = { database, jobs: queue };
      if (database === 'ok' && queue === 'ok') return { status: 'ready' as const, checks };
      const failed = Object.entries(checks)
        .filter(([, state]) => state === 'failed')
        .map(([name]) => name);
      return reply.code(503).send({ success: false, message: `Not ready: ${failed.join(', ')}`, checks });
    },
  );
};
