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
}

/** An open database: kysely for queries, the pool for pg-boss, and what the engine supports. */
export interface Database {
  db: Kysely<DB>;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  /** pgvector present: dense retrieval available. */
  vectorEnabled: boolean;
  close(): Promise<void>;
}

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
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      options: searchPath + DENSE_SEARCH_SESSION.map(([name, value]) => `-c ${name}=${value}`).join(' '),
    });
  } else {
    if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
    pglite = await PGlite.create(options.pgliteDataDir, { extensions: { vector } });
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
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error)
      throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
      where table_name = 'chunks' and column_name = 'embedding' and udt_name = 'vector'
        and table_schema = current_schema()`.execute(db);
    const vectorEnabled = (rows[0]?.n ?? 0) > 0;
    return {
      db,
      pool,
      kind: pglite ? 'pglite' : 'postgres',
      vectorEnabled,
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
