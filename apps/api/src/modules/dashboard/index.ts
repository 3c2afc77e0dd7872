// The owner's dashboard: its rollups, the job that keeps them, and GET /admin/dashboard (docs/admin.md#dashboard).
import { adminDashboardQuerySchema, adminDashboardResponseSchema } from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_REFRESH, DASHBOARD_REFRESH_SECONDS } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { refreshRollups } from './rollup.ts';
import { dashboard } from './service.ts';

export { recomputeDay, refreshRollups } from './rollup.ts';

/** Defines the periodic recompute on the app's runner (once across all instances per interval). */
export function registerDashboardJob(jobs: JobRunner, deps: { db: Db; clock: Clock }): void {
  jobs.define(DASHBOARD_REFRESH, async () => {
    await refreshRollups(deps.db, deps.clock.now());
  });
  jobs.every(DASHBOARD_REFRESH.name, DASHBOARD_REFRESH_SECONDS);
}

export const dashboardAdminRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/dashboard',
    {
      config: { permission: 'reports:read' },
      schema: { querystring: adminDashboardQuerySchema, response: { 200: adminDashboardResponseSchema } },
    },
    async (req) => dashboard(db, clock, req.query),
  );
};
