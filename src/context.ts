import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Config } from './config/index.ts';
import type { DB } from './db/schema.ts';
import { openDatabase, pgliteDir, type Database } from './db/index.ts';
import { localFileStore, type FileStore } from './documents/file-store.ts';
import type { Embedder } from './embeddings/embedder.ts';
import { loadTransformersEmbedder } from './embeddings/transformers.embedder.ts';
import { startQueue } from './ingestion/queue.ts';
import { createLlmProvider, type LlmProvider } from './chat/llm/index.ts';
import type { IngestDeps } from './ingestion/ingest.ts';

/** Everything the API, the worker, the CLI and tests share, built once from Config. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  files: FileStore;
  embedder: Embedder;
  boss: PgBoss;
  llm: LlmProvider;
  jwtSecret: Uint8Array;
  close(): Promise<void>;
}

export interface ContextOverrides {
  /** A loaded embedder to share (tests load the model once per file). */
  embedder?: Embedder;
  /** PostgreSQL schema for the app's tables (test isolation). */
  dbSchema?: string;
  /** pg-boss schema; default `pgboss`. */
  queueSchema?: string;
  /** PGlite data dir override, e.g. `memory://`. */
  pgliteDataDir?: string;
  llm?: LlmProvider;
}

/** JWT_SECRET, or a random secret generated on first start and kept in DATA_DIR/jwt-secret. */
function jwtSecretOf(config: Config): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/**
 * Opens the database (migrating it), the file store, the job queue, the embedding model and the
 * LLM provider.
 * @throws ModelNotFoundError when the embedding model is missing; database errors as they come.
 */
export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const embedder =
    overrides.embedder ?? (await loadTransformersEmbedder(config.modelsDir, config.embeddingModel));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: overrides.pgliteDataDir ?? pgliteDir(config.dataDir),
    schema: overrides.dbSchema,
  });
  try {
    const boss = await startQueue(database.pool, overrides.queueSchema ?? 'pgboss');
    return {
      config,
      database,
      db: database.db,
      files: localFileStore(join(config.dataDir, 'files')),
      embedder,
      boss,
      llm: overrides.llm ?? createLlmProvider(config, embedder),
      jwtSecret: jwtSecretOf(config),
      async close() {
        await boss.stop({ graceful: true, timeout: 5000, close: false }).catch(() => {});
        await database.close();
      },
    };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/** What the ingestion pipeline needs from the context (worker, benchmarks, tests). */
export function ingestDepsOf(ctx: AppContext): IngestDeps {
  return {
    db: ctx.db,
    files: ctx.files,
    embedder: ctx.embedder,
    vectorEnabled: ctx.database.vectorEnabled,
    chunking: { maxTokens: ctx.config.chunkMaxTokens, overlapTokens: ctx.config.chunkOverlapTokens },
  };
}
