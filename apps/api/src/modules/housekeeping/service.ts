// Deletes rows that nothing reads any more and that would otherwise pile up for ever: refresh tokens (one per
// refresh), sessions (one per sign-in) and login throttles (one per mistyped address or guessing client), and
// back-in-stock requests served months ago. Which rows are dead is decided by the owning module, next to the code
// whose answers must not change (docs/decisions/011-housekeeping.md). slide_event_dedup is pruned by the catalogue
// itself.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../env.ts';
import { HOUSEKEEPING, HOUSEKEEPING_INTERVAL_SECONDS } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { deadAccountRowDeletions } from '../accounts/index.ts';
import { servedRequestDeletion } from '../back-in-stock/index.ts';

/** Rows per DELETE: few enough that one statement takes milliseconds and holds few locks. */
export const HOUSEKEEPING_BATCH_SIZE = 5_000;
/**
 * No new batch starts after this; with the statement timeout (30 s) the run stays far below the queue's
 * expireInSeconds. A backlog (the first run on an old database) is worked off over several ticks.
 */
export const HOUSEKEEPING_BUDGET_MS = 5 * 60_000;

export interface HousekeepingDeps {
  db: Db;
  clock: Clock;
  accounts: Config['accounts'];
  log?: Pick<FastifyBaseLogger, 'info'>;
  batchSize?: number;
  budgetMs?: number;
}

export interface HousekeepingResult {
  deleted: { refreshTokens: number; sessions: number; loginThrottles: number; backInStockRequests: number };
  /** False when the time budget ran out with rows possibly left; the next tick continues. */
  finished: boolean;
}

export function createHousekeeping(deps: HousekeepingDeps) {
  const { db, clock, log } = deps;
  const batchSize = deps.batchSize ?? HOUSEKEEPING_BATCH_SIZE;
  const budgetMs = deps.budgetMs ?? HOUSEKEEPING_BUDGET_MS;

  return {
    async run(): Promise<HousekeepingResult> {
      const startedAt = clock.now();
      const deleted = { refreshTokens: 0, sessions: 0, loginThrottles: 0, backInStockRequests: 0 };
      const steps = Object.entries({
        ...deadAccountRowDeletions(db, deps.accounts, startedAt),
        backInStockRequests: servedRequestDeletion(db, startedAt),
      }) as Array<[keyof typeof deleted, (limit: number) => Promise<number>]>;
      let finished = true;
      run: for (const [kind, step] of steps) {
        for (;;) {
          if (clock.now().getTime() - startedAt.getTime() >= budgetMs) {
            finished = false;
            break run;
          }
          const count = await step(batchSize);
          deleted[kind] += count;
          if (count < batchSize) break;
        }
      }
      if (Object.values(deleted).some((count) => count > 0) || !finished) {
        log?.info({ deleted, finished }, 'housekeeping: deleted dead rows');
      }
      return { deleted, finished };
    },
  };
}
export type Housekeeping = ReturnType<typeof createHousekeeping>;

/** Defines the periodic job on the app's runner (once across all instances per interval). */
export function registerHousekeeping(jobs: JobRunner, deps: HousekeepingDeps): Housekeeping {
  const housekeeping = createHousekeeping(deps);
  jobs.define(HOUSEKEEPING, async () => {
    await housekeeping.run();
  });
  jobs.every(HOUSEKEEPING.name, HOUSEKEEPING_INTERVAL_SECONDS);
  return housekeeping;
}
