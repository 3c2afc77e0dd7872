// What the rest of the API may use of the back-in-stock module (docs/decisions/013-module-boundaries.md).
import type { JobRunner } from '../../jobs/runner.ts';
import { BACK_IN_STOCK_SWEEP, BACK_IN_STOCK_SWEEP_SECONDS } from '../../jobs/queues.ts';
import { type BackInStockDeps, sweepBackInStock } from './service.ts';

export { adminBackInStockRoutes } from './admin-routes.ts';
export { backInStockRoutes } from './routes.ts';

/** The sweep that e-mails what is back, on the app's one job runner. */
export function registerBackInStockJob(jobs: JobRunner, deps: BackInStockDeps): void {
  jobs.define(BACK_IN_STOCK_SWEEP, async () => {
    await sweepBackInStock(deps);
  });
  jobs.every(BACK_IN_STOCK_SWEEP.name, BACK_IN_STOCK_SWEEP_SECONDS);
}
