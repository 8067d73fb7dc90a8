/**
 * The process's Prometheus metrics (prom-client), served at /metrics (src/metrics/route.ts) by the
 * API and by ROLE=worker's probe port. Names follow Prometheus' conventions (base units: seconds,
 * bytes; `_total` counters). Metric objects are process-wide, as prom-client's registry is;
 * figures read at scrape time (queue, pool, dependencies) come from the contexts registered with
 * `watchContext`.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../db/schema.ts';
import { redisBreakers } from '../lib/redis-fallback.ts';
import { connectorFigures, type ConnectorFigures } from './connectors.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'cograg_' });

/** Request latency by route pattern (never the raw URL: ids would explode the series), method, status. */
export const httpDuration = new Histogram({
  name: 'cograg_http_request_duration_seconds',
  help: 'HTTP request duration by route pattern, method and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const sseFirstToken = new Histogram({
  name: 'cograg_sse_time_to_first_token_seconds',
  help: 'Time from a chat stream request to its first answer token',
  labelNames: ['route'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
  registers: [registry],
});

export const rateLimitRejections = new Counter({
  name: 'cograg_rate_limit_rejections_total',
  help: 'Requests refused with 429 by route pattern',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const ingestionStepDuration = new Histogram({
  name: 'cograg_ingestion_step_duration_seconds',
  help: 'Duration of one ingestion step of one document (parse, embed)',
  labelNames: ['step'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

export const embeddedChunks = new Counter({
  name: 'cograg_embedded_chunks_total',
  help: 'Chunks embedded by the ingestion worker (rate() of it is the embedding throughput)',
  registers: [registry],
});

export const ingestionOutcomes = new Counter({
  name: 'cograg_ingestion_jobs_total',
  help: 'Ingestion jobs ended, by outcome (vectorized, error, skipped, yielded, interrupted, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const cacheLookups = new Counter({
  name: 'cograg_cache_lookups_total',
  help: 'In-memory cache lookups by cache and result (hit, miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

/** What scrapes read from a process's context (the AppContext satisfies it). */
export interface MetricsSource {
  db: Kysely<DB>;
  database: { kind: string; pool: pg.Pool };
}

const watched = new Set<MetricsSource>();

/** Adds a context's database, pool and queue to what scrapes read; forgotten when it closes. */
export function watchContext(ctx: MetricsSource): () => void {
  watched.add(ctx);
  return () => watched.delete(ctx);
}

/** Longest a scrape waits for the database, ms. */
const SCRAPE_DB_TIMEOUT_MS = 2000;

function bounded<R>(promise: Promise<R>): Promise<R> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), SCRAPE_DB_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

new Gauge({
  name: 'cograg_ingestion_queue_depth',
  help: 'Documents waiting for (queued) or in (active) ingestion, all companies together',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const ctx of watched) for (const r of (await scrapeOf(ctx)).queue) this.inc({ state: r.state }, r.n);
  },
});

new Gauge({
  name: 'cograg_ingestion_oldest_job_age_seconds',
  help: 'Age of the oldest document waiting for (queued) or in (active) ingestion',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const ctx of watched)
      for (const r of (await scrapeOf(ctx)).queue) this.set({ state: r.state }, r.ageSeconds);
  },
});

interface QueueRow {
  state: 'queued' | 'active';
  n: number;
  ageSeconds: number;
}
/** What one scrape reads from one context. */
interface Scrape {
  /** The pool as it was before this scrape's own queries asked it for connections. */
  pool: { total: number; idle: number; waiting: number };
  queue: QueueRow[];
  databaseUp: boolean;
  connectors: ConnectorFigures[];
}

/**
 * One read per scrape per context, shared by every gauge's `collect` (prom-client runs them
 * together). The pool is sampled first, synchronously, before this read sends its own queries:
 * otherwise an idle replica's `waiting` read 2 — the scrape counting its own queries.
 */
const pendingScrapes = new WeakMap<MetricsSource, Promise<Scrape>>();
function scrapeOf(ctx: MetricsSource): Promise<Scrape> {
  let read = pendingScrapes.get(ctx);
  if (read) return read;
  const { pool } = ctx.database;
  const sampled = { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
  read = Promise.all([
    bounded(queueRows(ctx)).catch(() => []),
    bounded(sql`select 1`.execute(ctx.db)).then(
      () => true,
      () => false,
    ),
    bounded(connectorFigures(ctx.db)).catch(() => []),
  ])
    .then(([queue, databaseUp, connectors]) => ({ pool: sampled, queue, databaseUp, connectors }))
    // Kept for the rest of this scrape's collects, not for the next scrape.
    .finally(() => setTimeout(() => pendingScrapes.delete(ctx), 100).unref());
  pendingScrapes.set(ctx, read);
  return read;
}

/** Queue figures per state. */
async function queueRows(ctx: MetricsSource): Promise<QueueRow[]> {
  const { rows } = await sql<{ status: string; n: number; age: number }>`
    select status, count(*)::int as n,
      coalesce(extract(epoch from now() - min(updated_at)), 0)::float8 as age
    from documents where status in ('UPLOADED', 'PROCESSING') group by status`.execute(ctx.db);
  const out: QueueRow[] = [
    { state: 'queued', n: 0, ageSeconds: 0 },
    { state: 'active', n: 0, ageSeconds: 0 },
  ];
  for (const r of rows) {
    const row = out[r.status === 'UPLOADED' ? 0 : 1]!;
    row.n = Number(r.n);
    row.ageSeconds = Number(r.age);
  }
  return out;
}

new Gauge({
  name: 'cograg_dependency_up',
  help: '1 when a dependency answers (postgres: a query within 2 s; redis: its circuit breaker is closed, checked in the background)',
  labelNames: ['dependency'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const ctx of watched)
      this.set({ dependency: ctx.database.kind }, (await scrapeOf(ctx)).databaseUp ? 1 : 0);
    if (redisBreakers.size > 0)
      this.set({ dependency: 'redis' }, [...redisBreakers.values()].some((b) => b.open) ? 0 : 1);
  },
});

new Gauge({
  name: 'cograg_db_pool_connections',
  help: 'Database pool connections by state (total, idle, waiting requests), not counting the scrape itself',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const ctx of watched) {
      const { pool } = await scrapeOf(ctx);
      this.inc({ state: 'total' }, pool.total);
      this.inc({ state: 'idle' }, pool.idle);
      this.inc({ state: 'waiting' }, pool.waiting);
    }
  },
});

new Gauge({
  name: 'cograg_connector_items',
  help: "Items of each connector's latest finished sync: seen at the source, changed (added, updated, moved, deleted), failed (not fetched, or ended ERROR at ingestion)",
  labelNames: ['connector', 'kind', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const ctx of watched)
      for (const c of (await scrapeOf(ctx)).connectors)
        for (const state of ['seen', 'changed', 'failed'] as const)
          this.set({ connector: c.connector, kind: c.kind, state }, c[state]);
  },
});

new Gauge({
  name: 'cograg_connector_run_duration_seconds',
  help: "Duration of each connector's latest finished sync, started to finished",
  labelNames: ['connector', 'kind'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const ctx of watched)
      for (const c of (await scrapeOf(ctx)).connectors)
        this.set({ connector: c.connector, kind: c.kind }, c.durationSeconds);
  },
});

new Gauge({
  name: 'cograg_connector_last_success_timestamp_seconds',
  help: "Unix time each connector's latest completed sync ended (absent: none has)",
  labelNames: ['connector', 'kind'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const ctx of watched)
      for (const c of (await scrapeOf(ctx)).connectors)
        if (c.lastSuccess !== null) this.set({ connector: c.connector, kind: c.kind }, c.lastSuccess);
  },
});
