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
    for (const ctx of watched) {
      const rows = await bounded(queueRows(ctx)).catch(() => []);
      for (const r of rows) this.inc({ state: r.state }, r.n);
    }
  },
});

new Gauge({
  name: 'cograg_ingestion_oldest_job_age_seconds',
  help: 'Age of the oldest document waiting for (queued) or in (active) ingestion',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const ctx of watched) {
      const rows = await bounded(queueRows(ctx)).catch(() => []);
      for (const r of rows) this.set({ state: r.state }, r.ageSeconds);
    }
  },
});

/** Queue figures per state; read once per scrape per context (both gauges share the promise). */
const pendingReads = new WeakMap<MetricsSource, Promise<QueueRow[]>>();
interface QueueRow {
  state: 'queued' | 'active';
  n: number;
  ageSeconds: number;
}
function queueRows(ctx: MetricsSource): Promise<QueueRow[]> {
  let read = pendingReads.get(ctx);
  if (read) return read;
  read = sql<{ status: string; n: number; age: number }>`
    select status, count(*)::int as n,
      coalesce(extract(epoch from now() - min(updated_at)), 0)::float8 as age
    from documents where status in ('UPLOADED', 'PROCESSING') group by status`
    .execute(ctx.db)
    .then(({ rows }) => {
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
    })
    .finally(() => setTimeout(() => pendingReads.delete(ctx), 100).unref());
  pendingReads.set(ctx, read);
  return read;
}

new Gauge({
  name: 'cograg_dependency_up',
  help: '1 when a dependency answers (postgres: a query within 2 s; redis: its circuit breaker is closed)',
  labelNames: ['dependency'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const ctx of watched) {
      const up = await bounded(sql`select 1`.execute(ctx.db)).then(
        () => 1,
        () => 0,
      );
      this.set({ dependency: ctx.database.kind }, up);
    }
    if (redisBreakers.size > 0)
      this.set({ dependency: 'redis' }, [...redisBreakers.values()].some((b) => b.open) ? 0 : 1);
  },
});

new Gauge({
  name: 'cograg_db_pool_connections',
  help: 'Database pool connections by state (total, idle, waiting requests)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const ctx of watched) {
      const pool = ctx.database.pool;
      this.inc({ state: 'total' }, pool.totalCount);
      this.inc({ state: 'idle' }, pool.idleCount);
      this.inc({ state: 'waiting' }, pool.waitingCount);
    }
  },
});
