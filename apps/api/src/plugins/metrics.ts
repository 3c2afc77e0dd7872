// Prometheus metrics at GET /metrics, behind METRICS_TOKEN (docs/decisions/019-readiness-and-metrics.md). Without
// a token nothing is registered: no route (404) and no per-request hook, so a store that does not scrape pays
// nothing for it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const METRICS_PATH = '/metrics';

/** What the scrape-time gauges read: the app's pg pool. */
export interface MetricsQueries {
  query(text: string): Promise<{ rows: unknown[] }>;
}

export interface MetricsOptions {
  token: string | undefined;
  pool: MetricsQueries;
}

/** Requests that matched no route share one label, so junk URLs cannot grow the series without bound. */
const UNMATCHED = 'unmatched';

const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  // Digests have one length, so the comparison takes the same time whatever was sent.
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

/**
 * Orders, payments and jobs are counted in PostgreSQL when scraped: rows exist only once their transaction
 * committed, whichever instance or job wrote them, so the figures are exact and the same on every instance.
 */
function databaseGauges(registry: Registry, pool: MetricsQueries, log: FastifyInstance['log']) {
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    sql: string,
    label: (row: Record<string, unknown>) => Record<L, string>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          const { rows } = await pool.query(sql);
          for (const row of rows as Record<string, unknown>[]) this.set(label(row), Number(row.n));
        } catch (err) {
          // pg-boss's schema appears with the first job; until then (or while the database is away) no series.
          if ((err as { code?: string }).code !== '42P01')
            log.warn({ err, metric: name }, 'metrics query failed');
        }
      },
    });

  gauge(
    'rangrez_orders',
    'Orders placed (checkouts), by payment method and order state.',
    ['payment_method', 'state'],
    'select payment_method, state, count(*)::int as n from orders group by 1, 2',
    (row) => ({ payment_method: String(row.payment_method), state: String(row.state) }),
  );
  gauge(
    'rangrez_payments',
    'Online payments by outcome (created, authorized, captured, failed, unmatched).',
    ['status'],
    'select status, count(*)::int as n from payments group by 1',
    (row) => ({ status: String(row.status) }),
  );
  gauge(
    'rangrez_jobs',
    'Background jobs by queue and state: created and retry are the queue depth, failed the jobs that ran out of retries.',
    ['queue', 'state'],
    'select name, state, count(*)::int as n from pgboss.job group by 1, 2',
    (row) => ({ queue: String(row.name), state: String(row.state) }),
  );
}

export function registerMetrics(app: FastifyInstance, { token, pool }: MetricsOptions): void {
  if (!token) return;
  const expected = digest(token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status.',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // prom-client hashes the label object on every call; the children are looked up once per series instead.
  const series = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
  const seriesOf = (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) {
      const labels = { method, route, status: String(status) };
      const counter = requests.labels(labels);
      const histogram = duration.labels(labels);
      found = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
      series.set(key, found);
    }
    return found;
  };
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    const s = seriesOf(req.method, req.routeOptions.url ?? UNMATCHED, reply.statusCode);
    s.count();
    s.observe(reply.elapsedTime / 1000);
    done();
  });

  databaseGauges(registry, pool, app.log);

  app.get(
    METRICS_PATH,
    {
      schema: { hide: true },
      onRequest: async (req, reply) => {
        if (!bearerMatches(req.headers.authorization, expected)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send({ success: false, message: 'Unauthorized' });
        }
      },
    },
    async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
}
