import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { DB } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';
import { queryPreparingMarked } from './prepared-statements.ts';

export interface DatabaseOptions {
  /** postgres://… or null for embedded PGlite. */
  databaseUrl: string | null;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  pgliteDataDir: string;
  /** PostgreSQL schema to use (created if missing); lets test suites share one server. */
  schema?: string;
  /**
   * PostgreSQL connections at most (DATABASE_POOL_SIZE; default 20), shared by the API, the
   * worker and pg-boss: 16 concurrent searches run two legs each (PGlite always has one).
   */
  poolSize?: number;
  /** Limits on PostgreSQL (DATABASE_*_TIMEOUT_MS); unused with PGlite. See `DatabaseTimeouts`. */
  timeouts?: DatabaseTimeouts;
  /** Told of a connection error that no query was waiting for (an idle connection dropped). */
  onConnectionError?: (err: Error) => void;
  /**
   * A PGlite data directory to start from instead of an empty one (`Database.snapshot`'s tarball):
   * PGlite then skips initdb, ≈ 2–4 s of one core, and the migrations already applied. Tests
   * start each in-memory database from one migrated snapshot
   * (https://pglite.dev/docs/api#loaddatadir).
   */
  pgliteLoadDataDir?: Blob;
}

/**
 * How long PostgreSQL may take, ms: to open a connection (or hand one from a full pool), to run a
 * statement (server side, `statement_timeout`), and to answer a query at all (client side: the
 * bound on a frozen server or network, where the server cannot cancel anything). 0 = no limit.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  queryMs: number;
}

/**
 * What the pool guards every connection with: errors handled, a timed-out query's socket closed;
 * and statements marked `PREPARE` (prepared-statements.ts) sent as named ones.
 */
function guardConnections(pool: pg.Pool, onConnectionError: (err: Error) => void) {
  // An idle connection the server ends (pg_terminate_backend, a restart, a failover) is reported
  // here; without a listener it is an unhandled 'error' event and the process exits.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => {
    // A checked-out client has no listener of the pool's: its errors also reach the query in
    // flight, so this one only keeps them from being unhandled.
    client.on('error', () => {});
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = queryPreparingMarked(query, args);
      // pg answers a query_timeout but keeps the connection, whose socket may still hold the
      // unanswered query: the next query there would wait behind it. Close it instead; the pool
      // then drops the client (kysely releases it without an error).
      if (result instanceof Promise)
        result.catch((err: unknown) => {
          if (err instanceof Error && err.message === 'Query read timeout')
            (
              client as unknown as { connection: { stream: { destroy(): void } } }
            ).connection.stream.destroy();
        });
      return result;
    };
  });
}

/** An open database: kysely for queries, the pool for pg-boss, and what the engine supports. */
export interface Database {
  db: Kysely<DB>;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  /** pgvector present: dense retrieval available. */
  vectorEnabled: boolean;
  /** PGlite only: its whole data directory as an uncompressed tarball (`pgliteLoadDataDir`). */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS defaults. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 30_000,
  queryMs: 35_000,
};

/**
 * pgvector's search settings for every session (src/retrieval/vector-store/pgvector.ts): a dense
 * query at the default breadth is then one round trip, not five (begin, two SET LOCAL, the query,
 * commit). Custom settings may be given before the extension is loaded (PostgreSQL keeps them as
 * placeholders). `iterative_scan`: the company filter cannot starve HNSW's result (pgvector 0.8).
 */
export const DENSE_SEARCH_SESSION: readonly (readonly [string, string])[] = [
  ['hnsw.iterative_scan', 'relaxed_order'],
  ['hnsw.ef_search', '100'],
];

/**
 * Opens PGlite (with pgvector) or PostgreSQL behind kysely's stock PostgresDialect and runs the
 * migrations. PGlite goes through its node-postgres bridge, a pool of one connection, so kysely
 * transactions and pg-boss queries queue for it instead of interleaving (STACK.md trap).
 * @throws when the database cannot be reached or a migration fails.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let pool: pg.Pool;
  let pglite: PGlite | null = null;
  if (options.databaseUrl) {
    const schema = options.schema;
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`create schema if not exists "${schema.replace(/"/g, '')}"`);
      await admin.end();
    }
    const searchPath = schema ? `-c search_path="${schema.replace(/"/g, '')}",public ` : '';
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const settings: (readonly [string, string])[] = [
      ...DENSE_SEARCH_SESSION,
      ['statement_timeout', String(timeouts.statementMs)],
      // A transaction left open by a process that froze would hold its row locks forever.
      ['idle_in_transaction_session_timeout', String(Math.max(timeouts.statementMs, 60_000))],
    ];
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      options: searchPath + settings.map(([name, value]) => `-c ${name}=${value}`).join(' '),
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.queryMs || undefined,
      keepAlive: true,
    });
    guardConnections(pool, options.onConnectionError ?? (() => {}));
  } else {
    if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
    pglite = await PGlite.create(options.pgliteDataDir, {
      extensions: { vector },
      ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    });
    for (const [name, value] of DENSE_SEARCH_SESSION) await pglite.exec(`set ${name} = ${value}`);
    pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 } as pg.PoolConfig);
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    // Kysely looks for its own tables in every schema unless told which one (kysely#1102 behaviour).
    const migrator = new Migrator({
      db,
      provider: migrationProvider,
      ...(options.schema ? { migrationTableSchema: options.schema } : {}),
    });
    let { error, results } = await migrator.migrateToLatest();
    // Kysely's introspection lists every schema's tables, then looks each up again by name
    // (`pg_get_serial_sequence`): a schema dropped in between (another service's, another test
    // suite's) fails it with 3F000 although nothing of ours is wrong. Migrating is idempotent.
    for (
      let attempt = 1;
      attempt < 3 && (error as { code?: unknown } | undefined)?.code === '3F000';
      attempt++
    )
      ({ error, results } = await migrator.migrateToLatest());
    const failed = results?.find((r) => r.status === 'Error');
    if (error)
      throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
      where table_name = 'chunks' and column_name = 'embedding' and udt_name = 'vector'
        and table_schema = current_schema()`.execute(db);
    const vectorEnabled = (rows[0]?.n ?? 0) > 0;
    const embedded = pglite;
    return {
      db,
      pool,
      kind: pglite ? 'pglite' : 'postgres',
      vectorEnabled,
      ...(embedded ? { snapshot: () => embedded.dumpDataDir('none') } : {}),
      async close() {
        await db.destroy();
        if (pglite) await pglite.close();
      },
    };
  } catch (err) {
    await db.destroy().catch(() => {});
    if (pglite) await pglite.close().catch(() => {});
    throw err;
  }
}

/** The PGlite directory inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');
