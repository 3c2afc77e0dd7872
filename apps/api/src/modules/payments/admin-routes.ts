// GET /admin/webhooks and POST /admin/webhooks/{id}/replay (docs/admin.md#orders): the webhook inbox with its
// dead letters, and a replay that puts an event back in the queue, audited in the same transaction.
import { errorResponseSchema } from '@rangrez/contract/errors';
import {
  ADMIN_WEBHOOK_MESSAGES,
  type AdminWebhook,
  adminWebhookListResponseSchema,
  adminWebhookParamsSchema,
  adminWebhookQuerySchema,
  adminWebhookReplayResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QUEUES } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { auditActor, changeAudited } from '../../plugins/admin.ts';
import { findInboxEvent, listInboxEvents, reopenInboxEvent } from './repository.ts';

export interface WebhookAdminRoutesOptions {
  db: Db;
  clock: Clock;
  jobs: Pick<JobRunner, 'send' | 'ready'>;
}

type ListedEvent = Awaited<ReturnType<typeof listInboxEvents>>[number];

const toAdminWebhook = (row: ListedEvent): AdminWebhook => ({
  ...row,
  receivedAt: row.receivedAt.toISOString(),
  deadAt: row.deadAt?.toISOString() ?? null,
  replayedAt: row.replayedAt?.toISOString() ?? null,
});

export const webhookAdminRoutes: FastifyPluginAsyncZod<WebhookAdminRoutesOptions> = async (app, opts) => {
  const { db, clock, jobs } = opts;
  app.get(
    '/webhooks',
    {
      config: { permission: 'orders:read' },
      schema: { querystring: adminWebhookQuerySchema, response: { 200: adminWebhookListResponseSchema } },
    },
    async (req) => {
      const { status, cursor, limit } = req.query;
      // One more than a page: whether there is a next page without counting.
      const rows = await listInboxEvents(db, { status, before: cursor, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        success: true as const,
        events: page.map(toAdminWebhook),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );

  app.post(
    '/webhooks/:id/replay',
    {
      config: { permission: 'orders:write' },
      schema: {
        params: adminWebhookParamsSchema,
        response: {
          200: adminWebhookReplayResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (req) => {
      await jobs.ready();
      return changeAudited(db, req, 'webhook.replay', async (c) => {
        const before = await findInboxEvent(c.tx, req.params.id);
        if (!before) throw notFound(ADMIN_WEBHOOK_MESSAGES.notFound);
        const row = await reopenInboxEvent(c.tx, before.id, auditActor(req).email, clock.now());
        if (!row) throw conflict(ADMIN_WEBHOOK_MESSAGES.alreadyProcessed);
        await jobs.send(QUEUES.paymentsWebhook, { inboxId: row.id }, { executor: c.tx });
        await c.record({
          action: 'webhook.replay',
          entityType: 'webhook',
          entityId: String(row.id),
          before: { status: before.status, attempts: before.attempts },
          after: { status: row.status, attempts: row.attempts },
        });
        const [listed] = await listInboxEvents(c.tx, { before: row.id + 1, limit: 1 });
        if (!listed) throw notFound(ADMIN_WEBHOOK_MESSAGES.notFound);
        return {
          success: true as const,
          message: ADMIN_WEBHOOK_MESSAGES.replayed,
          event: toAdminWebhook(listed),
        };
      });
    },
  );
};
