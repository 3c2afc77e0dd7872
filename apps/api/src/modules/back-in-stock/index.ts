// What the rest of the API may use of the back-in-stock module (docs/decisions/013-module-boundaries.md).
import type { JobRunner } from '../../jobs/runner.ts';
import { BACK_IN_STOCK_SWEEP, BACK_IN_STOCK_SWEEP_SECONDS } from '../../jobs/queues.ts';
import type { Db } from '../../lib/db.ts';
import { deleteServedRequests } from './repository.ts';
import { type BackInStockDeps, sweepBackInStock } from './service.ts';

/** How long a served request is kept: long enough to answer a shopper who asks whether the e-mail went out. */
export const SERVED_REQUEST_KEEP_DAYS = 90;

/** The housekeeping step for this module's dead rows (docs/decisions/011-housekeeping.md). */
export function servedRequestDeletion(db: Db, now: Date) {
  const servedBefore = new Date(now.getTime() - SERVED_REQUEST_KEEP_DAYS * 86_400_000);
  return (limit: number) => deleteServedRequests(db, servedBefore, limit);
}

export { adminBackInStockRoutes } from './admin-routes.ts';
export { backInStockRoutes } from './routes.ts';

/** The sweep that e-mails what is back, on the app's one job runner. */
export function registerBackInStockJob(jobs: JobRunner, deps: BackInStockDeps): void {
  jobs.define(BACK_IN_STOCK_SWEEP, async () => {
    await sweepBackInStock(deps);
  });
  jobs.every(BACK_IN_STOCK_SWEEP.name, BACK_IN_STOCK_SWEEP_SECONDS);
}
