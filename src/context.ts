import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Config } from './config/index.ts';
import type { DB } from './db/schema.ts';
import { openDatabase, pgliteDir, type Database } from './db/index.ts';
import { localFileStore, type FileStore } from './documents/file-store.ts';
import { s3FileStore } from './documents/s3-file-store.ts';
import type { Embedder } from './embeddings/embedder.ts';
import { loadThreadedEmbedder } from './embeddings/threaded-embedder.ts';
import { loadThreadedCrossEncoder } from './retrieval/rerank/cross-encoder-thread.ts';
import type { Reranker } from './retrieval/retriever.ts';
import { withQueryCache } from './embeddings/query-cache.ts';
import { startQueue } from './ingestion/queue.ts';
import { createLlmProvider, type LlmProvider } from './chat/llm/index.ts';
import type { Reader } from './chat/reader/reader.ts';
import { loadConfiguredReader } from './chat/reader/shipped.ts';
import { createAnswererResolver, type AnswererResolver } from './chat/llm/company-answerers.ts';
import type { IngestDeps } from './ingestion/ingest.ts';
import type { ChatDeps } from './chat/chat.service.ts';
import { createEvaluationQueue } from './evaluations/evaluation.job.ts';
import { createConnectorQueue } from './connectors/jobs.ts';
import { ParserSandbox } from './ingestion/sandbox/sandbox.ts';
import { createHttpClient, type HttpClient } from './lib/http-client.ts';
import { createWebhookHttp, type WebhookHttp } from './webhooks/outbound.ts';
import type { WebSearchProvider } from './search/web/provider.ts';
import { searxngProvider } from './search/web/searxng.ts';
import { deriveSecretKey } from './webhooks/secrets.ts';
import { createAuthCache, type AuthCache } from './auth/auth-cache.ts';
import { redisInvalidationBus } from './auth/invalidation-bus.ts';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.ts';
import { setRedisBreakerDefaults } from './lib/redis-fallback.ts';
import { createListCache, type ListCache } from './lib/list-cache.ts';
import { createVectorStore, type VectorStore } from './retrieval/vector-store/index.ts';
import { createSlicing, type Slicing } from './ingestion/slices.ts';

/** Everything the API, the worker, the CLI and tests share, built once from Config. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  files: FileStore;
  embedder: Embedder;
  /** Cross-encoder for retrieval mode `rerank` (RERANK_MODEL); null when none is configured. */
  reranker: Reranker | null;
  boss: PgBoss;
  llm: LlmProvider;
  /** The extractive reader (READER_MODEL), or null when READER_MODEL=off. */
  reader: Reader | null;
  /** Each company's answerer: its own choice (PUT /api/answerer) or `llm` (company-answerers.ts). */
  answerers: AnswererResolver;
  /** Per-company document and storage limits (QUOTA_*). */
  quota: { maxDocuments: number; maxStorageBytes: number };
  /** Child processes that parse documents under PARSE_* limits. */
  sandbox: ParserSandbox;
  jwtSecret: Uint8Array;
  /** The operator's outbound requests (web search, SSO keys): SSRF-checked, OUTBOUND_ALLOWLIST. */
  http: HttpClient;
  /** Tenants' webhooks: public addresses only, plus WEBHOOK_PRIVATE_TARGETS (src/webhooks/outbound.ts). */
  webhookHttp: WebhookHttp;
  /** null when SEARXNG_URL is unset (web search answers 503). */
  webSearch: WebSearchProvider | null;
  /** AES-256-GCM key for webhook secrets at rest (src/webhooks/secrets.ts). */
  webhookKey: Buffer;
  /** Sessions and API keys in memory; every revocation goes through its `invalidate`. */
  authCache: AuthCache;
  /** List answers per company in memory; every write that changes a list calls its `bump`. */
  listCache: ListCache;
  /** Where dense and hybrid search run (VECTOR_STORE): pgvector, or Qdrant kept in step. */
  vectorStore: VectorStore;
  /** Serving or draining (SIGTERM): readiness and open streams follow it. */
  lifecycle: Lifecycle;
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
  /** A migrated PGlite snapshot to start from (`DatabaseOptions.pgliteLoadDataDir`; tests). */
  pgliteLoadDataDir?: Blob;
  llm?: LlmProvider;
  /** A loaded reranker to share, or null for none whatever RERANK_MODEL says. */
  reranker?: Reranker | null;
  /** A loaded reader to share, or null for none whatever READER_MODEL says. */
  reader?: Reader | null;
}

/** JWT_SECRET, or a random secret generated on first start and kept in DATA_DIR/jwt-secret. */
function jwtSecretOf(config: Config): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
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
  setRedisBreakerDefaults(config.ops.redis);
  // Documents, the database and the JWT secret live here: readable by the service's user only.
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(config.dataDir, 0o700);
  // onnxruntime-node runs a model on the calling thread: the service's own model serves search
  // queries and the answerer's sentences from a worker thread (issue 37), so a model run never
  // holds the event loop that answers requests. A caller's embedder (tests) is used as it is.
  const queryThread = overrides.embedder
    ? null
    : await loadThreadedEmbedder(config.modelsDir, config.embeddingModel, config.embed);
  const embedder = withQueryCache(overrides.embedder ?? queryThread!, config.queryEmbeddingCacheSize);
  // Loaded after the embedder: both set transformers.js's global model folder while loading.
  const reranker =
    overrides.reranker !== undefined
      ? overrides.reranker
      : config.rerank
        ? await loadThreadedCrossEncoder({
            modelsDir: config.modelsDir,
            modelId: config.rerank.model,
            options: config.rerank,
          })
        : null;
  const reader =
    overrides.reader !== undefined
      ? overrides.reader
      : config.reader.model === null
        ? null
        : await loadConfiguredReader(
            config.modelsDir,
            config.reader.model,
            config.reader.threads,
            config.reader.workers,
          );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: overrides.pgliteDataDir ?? pgliteDir(config.dataDir),
    schema: overrides.dbSchema,
    pgliteLoadDataDir: overrides.pgliteLoadDataDir,
    poolSize: config.databasePoolSize,
    timeouts: config.ops.database,
    onConnectionError: (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`),
  });
  try {
    const vectorStore = await createVectorStore(
      config,
      database.db,
      database.vectorEnabled,
      embedder.dimensions,
    );
    const boss = await startQueue(database.pool, overrides.queueSchema ?? 'pgboss');
    await createEvaluationQueue(boss);
    await createConnectorQueue(boss);
    const llm = overrides.llm ?? (await createLlmProvider(config, embedder, reader));
    const sandbox = new ParserSandbox(config.parse, config.ingestConcurrency, {
      modelsDir: config.modelsDir,
      modelId: embedder.modelId,
    });
    const jwtSecret = jwtSecretOf(config);
    // One pub/sub channel per process for both caches' invalidations (two Redis connections).
    const invalidations =
      config.redisUrl && (config.authCache.size > 0 || config.listCache.size > 0)
        ? redisInvalidationBus(config.redisUrl, config.ops.redisPrefix)
        : null;
    const authCache = createAuthCache({
      capacity: config.authCache.size,
      ttlMs: config.authCache.ttlMs,
      bus: invalidations,
    });
    const listCache = createListCache({
      capacity: config.listCache.size,
      ttlMs: config.listCache.ttlMs,
      bus: invalidations,
    });
    const http = createHttpClient({
      allowlist: config.outboundAllowlist,
      timeoutMs: config.webhookTimeoutMs,
      maxResponseBytes: 64 * 1024,
    });
    const webhookHttp = createWebhookHttp({
      targets: config.webhookPrivateTargets,
      timeoutMs: config.webhookTimeoutMs,
      maxResponseBytes: 64 * 1024,
    });
    const webhookKey = deriveSecretKey(config.webhookSecretKey ?? jwtSecret);
    return {
      config,
      database,
      db: database.db,
      files:
        config.fileStore.kind === 's3'
          ? s3FileStore(config.fileStore)
          : localFileStore(join(config.dataDir, 'files')),
      embedder,
      reranker,
      boss,
      llm,
      reader,
      sandbox,
      quota: config.quota,
      jwtSecret,
      http,
      webhookHttp,
      webSearch: config.searxngUrl
        ? searxngProvider(http, config.searxngUrl, config.webSearchTimeoutMs)
        : null,
      webhookKey,
      answerers: createAnswererResolver({
        db: database.db,
        config,
        embedder,
        installation: llm,
        reader,
        secretKey: webhookKey,
      }),
      authCache,
      listCache,
      vectorStore,
      lifecycle: createLifecycle(),
      async close() {
        await invalidations?.close();
        await http.close().catch(() => {});
        await webhookHttp.close().catch(() => {});
        await boss.stop({ graceful: true, timeout: 5000, close: false }).catch(() => {});
        // A provider passed in by the caller is the caller's to close.
        if (!overrides.llm) await llm.close?.();
        await sandbox.close();
        await queryThread?.close();
        await database.close();
      },
    };
  } catch (err) {
    await queryThread?.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}

const slicings = new WeakMap<AppContext, Slicing>();
/** The context's one Slicing (its cache of parsed documents is the process's). */
function slicingOf(ctx: AppContext): Slicing {
  let slicing = slicings.get(ctx);
  if (!slicing) slicings.set(ctx, (slicing = createSlicing(ctx.db, ctx.boss, ctx.config.ingestSliceMs)));
  return slicing;
}

/** What the ingestion pipeline needs from the context (worker, benchmarks, tests). */
export function ingestDepsOf(ctx: AppContext): IngestDeps {
  return {
    db: ctx.db,
    files: ctx.files,
    embedder: ctx.embedder,
    vectorEnabled: ctx.database.vectorEnabled,
    vectorStore: ctx.vectorStore,
    chunking: { maxTokens: ctx.config.chunkMaxTokens, overlapTokens: ctx.config.chunkOverlapTokens },
    parse: (format, bytes, options, signal) => ctx.sandbox.parse(format, bytes, options, signal),
    maxAttempts: ctx.config.ingestMaxAttempts,
    ocr: ctx.config.ocr,
    boss: ctx.boss,
    quota: ctx.config.quota,
    maxAttachmentsPerUpload: ctx.config.maxAttachmentsPerUpload,
    maxChunks: ctx.config.ingestMaxChunks,
    slicing: slicingOf(ctx),
    listsChanged: (companyId) => ctx.listCache.bump(companyId),
  };
}

/** What answering a chat message needs from the context (chat routes, evaluation runs). */
export function chatDepsOf(ctx: AppContext): ChatDeps {
  return {
    db: ctx.db,
    embedder: ctx.embedder,
    vectorEnabled: ctx.database.vectorEnabled,
    reranker: ctx.reranker,
    vectorStore: ctx.vectorStore,
    llm: ctx.llm,
    llmFor: (companyId) => ctx.answerers.forCompany(companyId),
    reader: ctx.reader,
    readerPassages: ctx.config.reader.passages,
  };
}
