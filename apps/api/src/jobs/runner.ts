// Background work on pg-boss, in the store's own PostgreSQL (its own `pgboss` schema, created by pg-boss itself).
// One runner per app instance. buildApp creates it; any code may enqueue at once (the schema and queues are
// installed lazily on first use); only server.ts and dev.ts start workers, so tests and CLI tools never process
// jobs behind their back. Tests drive the queue with runDueJobs(), which can skip pg-boss's retry delays: retries
// and backoff still run through pg-boss's own state machine, without anyone waiting for the database clock.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

export interface QueueSpec {
  name: string;
  /** Attempts after the first one. */
  retryLimit: number;
  /** Delay before the first retry; with backoff it roughly doubles each time (pg-boss adds jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** An attempt running longer than this is failed by pg-boss's supervisor (and retried). */
  expireInSeconds: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/** Anything that runs a drizzle SQL statement: the database, or an open transaction (transactional enqueue). */
export interface SqlRunner {
  execute(query: SQL): Promise<{ rows: unknown[] }>;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists if and only if the transaction commits. */
  executor?: SqlRunner;
  singletonKey?: string;
  /** With singletonKey: at most one job per key in each window of this many seconds. */
  throttleSeconds?: number;
  /** Overrides the queue's retry limit for this job (0: one attempt only). */
  retryLimit?: number;
}

export interface JobRunSummary {
  /** Attempts run, per queue. */
  ran: Record<string, number>;
  failed: Record<string, number>;
}

export interface JobRunner {
  /** Declares a queue and its handler; call before the runner is used. */
  define<T extends object>(queue: QueueSpec, handler: JobHandler<T>): void;
  /** A job of this (defined) queue every `seconds`, once across all instances (pg-boss throttling). */
  every(queueName: string, seconds: number): void;
  /** Installs pg-boss's schema and the queues (once; concurrent callers share the work). */
  ready(): Promise<void>;
  send<T extends object>(queueName: string, data: T, options?: SendOptions): Promise<void>;
  /** Workers and periodic jobs on this instance (the servers call this; tests do not). */
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Test and tool hook: runs the jobs that are due, until none is left. `skipDelays` first runs every waiting job
   * once as if its (retry) delay had passed; `periodic` first enqueues the periodic jobs.
   */
  runDueJobs(options?: {
    periodic?: boolean;
    skipDelays?: boolean;
    maxRounds?: number;
    /** Only these queues (a test looking at the state one kind of job leaves behind). */
    only?: readonly string[];
  }): Promise<JobRunSummary>;
}

/** The parts of pg's Pool that pg-boss needs: it shares the app's pool instead of opening its own. */
export interface PoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's SQL uses $1..$n placeholders; drizzle binds parameters itself. Rewriting the placeholders as drizzle
 * parameters lets pg-boss insert a job through a drizzle transaction (its insert statement has no '$' elsewhere).
 */
export function boundSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, i) =>
    i % 2 === 1 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part),
  );
  return sql.join(chunks);
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export interface JobRunnerOptions {
  pool: PoolLike;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** How often a worker looks for new jobs when idle (pg-boss polls). */
  pollingIntervalSeconds?: number;
}

/** pg-boss's own default: an attempt killed with its process is failed (and retried) within a few minutes. */
const MAINTENANCE_INTERVAL_MS = 120_000;

type Queues = Map<string, { spec: QueueSpec; handler: JobHandler<object> }>;

function queueOptions(spec: QueueSpec) {
  return {
    name: spec.name,
    policy: 'standard' as const,
    retryLimit: spec.retryLimit,
    retryDelay: spec.retryDelaySeconds,
    retryBackoff: spec.retryBackoff,
    expireInSeconds: spec.expireInSeconds,
  };
}

/** Starts pg-boss and creates or updates the defined queues. */
async function installQueues(boss: PgBoss, queues: Queues) {
  await boss.start();
  for (const { spec } of queues.values()) {
    // Created once; updated so that a changed retry policy applies to jobs sent from now on.
    if (await boss.getQueue(spec.name)) await boss.updateQueue(spec.name, queueOptions(spec));
    else await boss.createQueue(spec.name, queueOptions(spec));
  }
}

/** With an executor, the job is inserted in the caller's transaction and exists only if it commits. */
function pgBossSendOptions(sendOptions: SendOptions): PgBoss.SendOptions {
  const { executor, singletonKey, throttleSeconds, retryLimit } = sendOptions;
  const jobOptions: PgBoss.SendOptions = {};
  if (retryLimit !== undefined) jobOptions.retryLimit = retryLimit;
  if (singletonKey) jobOptions.singletonKey = singletonKey;
  if (singletonKey && throttleSeconds) jobOptions.singletonSeconds = throttleSeconds;
  if (executor) {
    jobOptions.db = {
      executeSql: async (text, values) => executor.execute(boundSql(text, values)),
    };
  }
  return jobOptions;
}

function handlerOf(queues: Queues, name: string) {
  const queue = queues.get(name);
  if (!queue) throw new Error(`jobs: no queue named ${name}`);
  return queue.handler;
}

/** Runs waiting jobs in this process, the way runDueJobs describes. */
async function runJobs(
  boss: PgBoss,
  queues: Queues,
  periodic: Map<string, number>,
  {
    withPeriodic,
    skipDelays,
    maxRounds,
    only,
  }: { withPeriodic: boolean; skipDelays: boolean; maxRounds: number; only: readonly string[] | undefined },
): Promise<JobRunSummary> {
  const summary: JobRunSummary = { ran: {}, failed: {} };
  const names = [...queues.keys()].filter((name) => !only || only.includes(name));
  const run = async (name: string, job: PgBoss.Job<object>) => {
    summary.ran[name] = (summary.ran[name] ?? 0) + 1;
    try {
      await handlerOf(queues, name)(job.data);
      await boss.complete(name, job.id);
    } catch (err) {
      summary.failed[name] = (summary.failed[name] ?? 0) + 1;
      // pg-boss decides: back to 'retry' with a backoff delay, or 'failed' once the retries are spent.
      await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
    }
  };
  // Unthrottled here: a test asking twice within one window means twice.
  if (withPeriodic) for (const name of periodic.keys()) if (names.includes(name)) await boss.send(name, {});
  if (skipDelays) {
    // Every waiting job once, as if its delay had passed. Once: a failing job goes back to 'retry' and must
    // not be picked up again in the same call, or one call would spend all its retries.
    for (const name of names) {
      for (const job of await boss.fetch<object>(name, { batchSize: 500, ignoreStartAfter: true })) {
        await run(name, job);
      }
    }
  }
  // Then whatever is due now, including jobs the handlers above enqueued; a failed job is scheduled in the
  // future by pg-boss and so is not due again here.
  for (let round = 0; round < maxRounds; round++) {
    let ran = 0;
    for (const name of names) {
      for (const job of await boss.fetch<object>(name, { batchSize: 100 })) {
        ran += 1;
        await run(name, job);
      }
    }
    if (ran === 0) break;
  }
  return summary;
}

async function enqueuePeriodic(boss: PgBoss, name: string, seconds: number) {
  await boss.sendThrottled(name, {}, {}, seconds, 'periodic');
}

/** The maintenance timer and one timer per periodic queue, all unref'd: they never keep the process alive. */
function startTimers(
  boss: PgBoss,
  periodic: Map<string, number>,
  log: JobRunnerOptions['log'],
): NodeJS.Timeout[] {
  const timers: NodeJS.Timeout[] = [];
  const maintain = () =>
    boss.maintain().catch((err: unknown) => log?.warn({ err }, 'pg-boss maintenance failed'));
  const maintenance = setInterval(maintain, MAINTENANCE_INTERVAL_MS);
  maintenance.unref();
  timers.push(maintenance);
  for (const [name, seconds] of periodic) {
    const tick = () =>
      enqueuePeriodic(boss, name, seconds).catch((err: unknown) =>
        log?.warn({ err, queue: name }, 'could not enqueue a periodic job'),
      );
    void tick();
    // Every instance ticks; throttling keeps it to one job per window for all of them together.
    const timer = setInterval(tick, Math.max(1, Math.floor(seconds / 2)) * 1000);
    timer.unref();
    timers.push(timer);
  }
  return timers;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { pool, log } = options;
  const queues: Queues = new Map();
  const periodic = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  let installing: Promise<void> | undefined;
  let working = false;

  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    // Maintenance (failing attempts that outlived expireInSeconds, archiving) runs only where workers run, from
    // startWorkers. No cron either: periodic work is throttled sends, which need no clock monitor.
    supervise: false,
    schedule: false,
    migrate: true,
  });
  // An EventEmitter 'error' without a listener would crash the process.
  boss.on('error', (err) => log?.error({ err }, 'pg-boss error'));

  function ready(): Promise<void> {
    installing ??= (async () => {
      // Instances starting together can deadlock creating the same queues (PostgreSQL 40P01 aborts one of
      // them); the aborted one tries again after a random pause, so that two instances retrying in step do not
      // deadlock again, and then finds the queues there.
      for (let attempt = 1; ; attempt++) {
        try {
          return await installQueues(boss, queues);
        } catch (err) {
          if ((err as { code?: string }).code !== '40P01' || attempt >= 20) throw err;
          log?.warn(`jobs: deadlock while installing queues, retrying (${attempt})`);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
        }
      }
    })().catch((err: unknown) => {
      installing = undefined;
      throw err;
    });
    return installing;
  }

  return {
    define(spec, handler) {
      if (installing) throw new Error(`jobs: define ${spec.name} before the runner is used`);
      queues.set(spec.name, { spec, handler: handler as JobHandler<object> });
    },

    every(name, seconds) {
      handlerOf(queues, name);
      periodic.set(name, seconds);
    },

    ready,

    async send(name, data, sendOptions = {}) {
      handlerOf(queues, name);
      await ready();
      await boss.send(name, data, pgBossSendOptions(sendOptions));
    },

    async startWorkers() {
      if (working) return;
      await ready();
      working = true;
      for (const { spec, handler } of queues.values()) {
        await boss.work<object>(
          spec.name,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => {
            if (job) await handler(job.data);
          },
        );
      }
      timers.push(...startTimers(boss, periodic, log));
    },

    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      if (!installing) return;
      await installing.catch(() => undefined);
      // Lets running handlers finish; the pool belongs to the app and is closed by it.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
      working = false;
      installing = undefined;
    },

    async runDueJobs({ periodic: withPeriodic = false, skipDelays = false, maxRounds = 20, only } = {}) {
      await ready();
      return runJobs(boss, queues, periodic, { withPeriodic, skipDelays, maxRounds, only });
    },
  };
}
